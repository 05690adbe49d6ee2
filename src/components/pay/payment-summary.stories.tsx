import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { pickPayOption } from "./pay-flow";
import { PaymentSummary } from "./payment-summary";
import { USDC_PRODUCT, USD_PRODUCT, paymentInfoFor } from "./testing/fake-pay";

const option = pickPayOption(USD_PRODUCT)!;

const meta = {
  title: "Pay/PaymentSummary",
  component: PaymentSummary,
  parameters: { layout: "padded" },
  args: { product: USD_PRODUCT, option },
} satisfies Meta<typeof PaymentSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Priced in dollars: the amount due and what it makes in USDC at today's rate. */
export const FiatPrice: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("$49.99")).toBeVisible();
    await expect(c.getByText(/at today’s rate/)).toBeVisible();
  },
};

/** Priced in USDC: the exact amount, no rate. */
export const UsdcPrice: Story = {
  args: { product: USDC_PRODUCT, option: pickPayOption(USDC_PRODUCT)! },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/at today’s rate/)).toBeNull();
  },
};

/** The payer has started: the amount the server fixed. */
export const AmountFixed: Story = { args: { info: paymentInfoFor(USD_PRODUCT) } };

export const French: Story = { globals: { locale: "fr" } };

/** A label left at its default ("Pay Now", stored in English) is said in the payer's language. */
export const DefaultLabelFrench: Story = {
  args: { product: USDC_PRODUCT, option: pickPayOption(USDC_PRODUCT)! },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("Payer maintenant");
  },
};
