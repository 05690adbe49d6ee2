import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PaymentProgress } from "./payment-progress";
import { TX_HASH } from "./testing/fake-pay";

const meta = {
  title: "Pay/PaymentProgress",
  component: PaymentProgress,
  parameters: { layout: "padded" },
  args: { state: "processing", amount: "49.99 USDC" },
} satisfies Meta<typeof PaymentProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the payer to approve in their wallet. */
export const ApproveInWallet: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Approve the payment in your wallet…")).toBeVisible();
  },
};

/** The wallet sent it; the network has it. */
export const SentToNetwork: Story = {
  args: { state: "processed", hash: TX_HASH },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Your wallet sent the payment. Waiting for the network…")).toBeVisible();
  },
};

/** Submitted: waiting for the merchant to receive it. */
export const Submitted: Story = {
  args: { state: "submitted", hash: TX_HASH },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Payment submitted. Waiting for the merchant to receive it…")).toBeVisible();
  },
};

export const French: Story = { args: { state: "submitted", hash: TX_HASH }, globals: { locale: "fr" } };
