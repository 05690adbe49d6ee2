import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import type { RefundSenderDto } from "@/lib/refund";
import { RefundDestination } from "./refund-destination";

/** Where a refund goes, before the merchant's wallet signs: one sender, or a choice when a stranger's dust came first. */
const payer: RefundSenderDto = {
  address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  tokenAccount: "AyR4jm9HcAnzc1LBjfWLGKGgodkCXFvbWQRqFSUA3yUn",
  sent: "12500000",
  available: "12500000",
  label: "12.5 USDC",
};
const dust: RefundSenderDto = {
  address: "DUSTzqeDLWv5WmNWVY8Yx6bGnQQQDQ3LGwqQbQ4eHm1a",
  tokenAccount: "7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5",
  sent: "1",
  available: "1",
  label: "0.000001 USDC",
};

function Chooser({ senders, disabled }: { senders: RefundSenderDto[]; disabled?: boolean }) {
  const [value, setValue] = useState(senders[0]!.address);
  return (
    <div className="max-w-md">
      <RefundDestination senders={senders} value={value} onChange={setValue} disabled={disabled} />
    </div>
  );
}

const meta = {
  title: "Refunds/RefundDestination",
  component: Chooser,
  args: { senders: [payer] },
} satisfies Meta<typeof Chooser>;
export default meta;
type Story = StoryObj<typeof meta>;

const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};

/** One wallet paid: the refund goes back to it, no choice to make. */
export const OneSender: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Refund to")).toBeVisible();
    await expect(c.queryByRole("radio")).toBeNull();
  },
};

/** A stranger's dust came before the payer: the payer (who sent the most) is the default; the dust sender can be chosen, for its own dust only. */
export const SeveralSenders: Story = {
  args: { senders: [payer, dust] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const radios = c.getAllByRole("radio");
    await expect(radios).toHaveLength(2);
    await expect(radios[0]).toBeChecked();
    await expect(c.getByText(/at most 0.000001 USDC|0\.000001 USDC/)).toBeVisible();
    await userEvent.click(radios[1]!);
    await expect(radios[1]).toBeChecked();
  },
};

/** While the wallet signs, the choice cannot change. */
export const Signing: Story = {
  args: { senders: [payer, dust], disabled: true },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole("radio")) await expect(radio).toBeDisabled();
  },
};

export const SeveralSendersFrenchPhone: Story = {
  ...phone360,
  args: { senders: [payer, dust] },
  globals: { ...phone360.globals, locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("radio")).toHaveLength(2);
  },
};
