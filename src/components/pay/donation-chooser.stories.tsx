import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import type { PayerChoice } from "@/lib/pay-choice";
import { DonationChooser, type DonationChooserProps } from "./donation-chooser";
import { formatToken } from "./pay-format";
import { DONATION_PRODUCT } from "./testing/fake-pay";

const money = (amount: string) => formatToken(amount, "USDC", "en");

/** The chooser with the payer's choice held in state and amounts in the reader's language, as the pay page does. */
function LiveChooser(props: DonationChooserProps) {
  const { i18n } = useTranslation();
  const [choice, setChoice] = useState<PayerChoice>(props.choice ?? {});
  return <DonationChooser {...props} money={(amount) => formatToken(amount, "USDC", i18n.language)} choice={choice} onChoose={(patch) => setChoice((c) => ({ ...c, ...patch }))} />;
}

const meta = {
  title: "Pay/DonationChooser",
  component: DonationChooser,
  args: { donation: DONATION_PRODUCT.donation!, money },
  render: (args) => <LiveChooser {...args} />,
} satisfies Meta<typeof DonationChooser>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: the suggested amounts, another amount, the optional name and message. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("radio")).toHaveLength(3);
    await expect(c.getByLabelText(/Your name/)).toHaveValue("");
  },
};

/** The payer picks a suggested amount and leaves a name and message. */
export const SuggestedAmountChosen: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("radio", { name: "10 USDC" }));
    await expect(c.getByRole("radio", { name: "10 USDC" })).toBeChecked();
    await userEvent.type(c.getByLabelText(/Your name/), "Grace");
    await userEvent.type(c.getByLabelText(/Message for the merchant/), "For the seeds");
  },
};

/** Another amount below the minimum: said under the field, and no suggested amount stays checked. */
export const AmountTooSmall: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("radio", { name: "5 USDC" }));
    await userEvent.type(c.getByLabelText("Other amount"), "0.01");
    await expect(c.getByRole("alert")).toBeVisible();
    await expect(c.getByLabelText("Other amount")).toHaveAttribute("aria-invalid", "true");
    await expect(c.getByRole("radio", { name: "5 USDC" })).not.toBeChecked();
  },
};

/** Before JavaScript: plain form fields the page posts as they are. */
export const WithoutJavaScript: Story = { render: (args) => <DonationChooser donation={args.donation} money={args.money} /> };

export const FrenchPhone: Story = { globals: { locale: "fr", viewport: { value: "phone" } } };
