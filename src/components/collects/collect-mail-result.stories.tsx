import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CollectMailResult, type CollectMailResultProps } from "./collect-mail-result";

/** In the edit dialog, as the merchant meets it after Update. */
function InDialog(props: CollectMailResultProps) {
  return (
    <Dialog open>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Update Pay Request</DialogTitle>
          <DialogDescription>Your changes are saved.</DialogDescription>
        </DialogHeader>
        <CollectMailResult {...props} />
      </DialogContent>
    </Dialog>
  );
}

const meta = {
  title: "zRequest/CollectMailResult",
  component: InDialog,
  args: { amount: "21", currency: "USD", onClose: fn(), outcome: { status: "sent", to: "ada@example.com", message: "" } },
} satisfies Meta<typeof InDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const status = () => within(document.body).getByRole("status");

/** The payer was e-mailed the new amount. */
export const Sent: Story = {
  play: async ({ args }) => {
    await expect(status()).toHaveTextContent("Saved. The payer was e-mailed the change");
    await expect(status()).toHaveTextContent("ada@example.com was sent the request again with the new amount: 21 USD.");
    await userEvent.click(within(document.body).getByRole("button", { name: "Done" }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** The payer unsubscribed: nothing went out, and the merchant is told to share the link. */
export const NotSentUnsubscribed: Story = {
  args: { outcome: { status: "not_sent", to: "ada@example.com", reason: "recipient_unsubscribed", queued: false, message: "" } },
  play: async () => {
    await expect(status()).toHaveTextContent("Saved. The payer was not e-mailed");
    await expect(status()).toHaveTextContent("ada@example.com unsubscribed from your e-mails, so they were not told about this change.");
  },
};

/** A mail cap: the wait in words. */
export const NotSentCap: Story = {
  args: { outcome: { status: "not_sent", to: "ada@example.com", reason: "mail_cap_recipient", queued: false, retryAfterSeconds: 86_000, message: "" } },
  play: async () => {
    await expect(status()).toHaveTextContent("Send a reminder in 23 h 54 min, or share the pay link yourself.");
  },
};

/** The SMTP server is failing: queued, not sent yet. */
export const MailServerFailing: Story = {
  args: { outcome: { status: "not_sent", to: "ada@example.com", reason: "mail_server_failing", queued: true, message: "" } },
  play: async () => {
    await expect(status()).toHaveTextContent("Saved. The e-mail to the payer is not sent yet");
    await expect(status()).toHaveTextContent("The mail server is failing right now");
  },
};

export const FrenchNotSent: Story = {
  globals: { locale: "fr" },
  args: { outcome: { status: "not_sent", to: "ada@example.com", reason: "mail_cap_day", queued: false, retryAfterSeconds: 3_000, message: "" } },
  play: async () => {
    await expect(status()).toHaveTextContent("Enregistré. Le payeur n’a pas reçu d’e-mail");
    await expect(status()).toHaveTextContent("Envoyez un rappel dans 50 min");
  },
};

export const FrenchSent: Story = {
  globals: { locale: "fr" },
  play: async () => {
    await expect(status()).toHaveTextContent("ada@example.com a reçu à nouveau la demande avec le nouveau montant : 21 USD.");
  },
};

export const PhoneNotSent: Story = {
  globals: { viewport: { value: "phone" } },
  args: { outcome: { status: "not_sent", to: "ada.lovelace.long-address@example.com", reason: "mail_server_off", queued: true, message: "" } },
  play: async () => {
    await expect(status()).toHaveTextContent("This server has no mail server set up");
  },
};
