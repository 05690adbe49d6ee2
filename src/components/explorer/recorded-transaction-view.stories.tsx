import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { RecordedTransactionView } from "./recorded-transaction-view";
import { EVM_TRANSFER, FAILED_TRANSFER, SOLANA_PAYMENT } from "./story-fixtures";

const meta = {
  title: "Explorer/RecordedTransactionView",
  component: RecordedTransactionView,
  parameters: { layout: "padded" },
  args: { tx: SOLANA_PAYMENT, nativeDecimals: 9 },
} satisfies Meta<typeof RecordedTransactionView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Solana payment: status, balance changes per owner, instructions, and logs in a scrollable region. */
export const SolanaPayment: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Success")).toBeVisible();
    await expect(c.getByText("12.5")).toBeVisible();
    await expect(c.getByRole("region", { name: "Program logs" })).toHaveAttribute("tabindex", "0");
  },
};

/** Refused by the chain: the error, and no token moved. */
export const FailedTransfer: Story = {
  args: { tx: FAILED_TRANSFER },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No token moved in this transaction.")).toBeVisible();
  },
};

/** An EVM transfer: from → to. */
export const EvmTransfer: Story = { args: { tx: EVM_TRANSFER, nativeDecimals: 18 } };

export const French: Story = { globals: { locale: "fr" } };
