import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import { SOLANA_DEVNET } from "@/lib/chains";
import { STORY_WALLET } from "@/testing/msw/fixtures";
import { ReceivingWalletForm } from "./receiving-wallet-form";

const meta = {
  title: "Wallet/ReceivingWalletForm",
  component: ReceivingWalletForm,
  args: { chainId: SOLANA_DEVNET, onAttach: fn(async () => {}) },
  parameters: { toastBar: true },
  decorators: [
    (Story) => (
      <div className="max-w-lg">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReceivingWalletForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const field = (el: HTMLElement) => within(el).getByRole("textbox", { name: "Wallet address" });
const confirmDialog = () => within(document.body).findByRole("dialog", { name: "Confirm Wallet Address" });

/** Untouched, with its hint. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toHaveAccessibleDescription("Paste the address of a Solana Devnet wallet you control.");
  },
};

/** Continue with nothing typed: 'Wallet Address required'. */
export const AddressRequired: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Continue" }));
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Wallet Address required");
    await expect(field(canvasElement)).toBeInvalid();
    await expect(args.onAttach).not.toHaveBeenCalled();
  },
};

/** An EVM address on Solana: the SPEC message as it is typed, and no confirm step. */
export const InvalidAddress: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), "0x52908400098527886E0F7030069857D2E4169EE7");
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      "Invalid wallet address. Please double-check and try again.",
    );
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Continue" }));
    await expect(within(document.body).queryByRole("dialog")).toBeNull();
  },
};

/** A good address goes to 'Confirm Wallet Address'; confirming saves it (spaces trimmed). */
export const ConfirmAndSave: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(field(canvasElement), ` ${STORY_WALLET} `);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Continue" }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByText(STORY_WALLET)).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(args.onAttach).toHaveBeenCalledWith(STORY_WALLET));
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
    await expect(field(canvasElement)).toHaveValue("");
  },
};

/** Left open on the confirm step, to see it. */
export const ConfirmStep: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), STORY_WALLET);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Continue" }));
    await expect(await confirmDialog()).toBeVisible();
  },
};

/** The server says a wallet is already attached: its message as a toast, and the field is cleared. */
export const AlreadyAttached: Story = {
  args: {
    onAttach: fn(async () => {
      throw new ApiRequestError(409, "A receiving wallet is already attached on Solana Devnet.", "already-attached");
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement), STORY_WALLET);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Continue" }));
    await userEvent.click(within(await confirmDialog()).getByRole("button", { name: "Confirm" }));
    await expect(await within(document.body).findByText("A receiving wallet is already attached on Solana Devnet.")).toBeVisible();
    await expect(field(canvasElement)).toHaveValue("");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Continuer" }));
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Adresse du portefeuille requise");
  },
};
