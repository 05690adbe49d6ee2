import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { USDC_PRODUCT, paymentInfoFor } from "../testing/fake-pay";
import SolanaPayQrPanel from "./solana-pay-qr-panel";

const info = paymentInfoFor(USDC_PRODUCT, "pay_qr_panel");

const meta = {
  title: "Pay/SolanaPayQrPanel",
  component: SolanaPayQrPanel,
  parameters: { layout: "padded" },
  args: { info, product: USDC_PRODUCT, amount: `${info.amount} USDC` },
} satisfies Meta<typeof SolanaPayQrPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A started QR payment: the transfer request names the merchant (label) and the product (message) for the phone wallet. */
export const StartedPayment: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("img", { name: `QR code of the Solana Pay request for ${args.amount}` })).toBeVisible();
    const url = new URL((c.getByRole("textbox", { name: "Payment request" }) as HTMLInputElement).value);
    await expect(url.protocol).toBe("solana:");
    await expect(url.searchParams.get("reference")).toBe(args.info.reference);
    await expect(url.searchParams.get("label")).toBe(args.product.merchant.displayName);
    await expect(url.searchParams.get("message")).toBe(args.product.label);
  },
};

/** The same payment for a French-speaking payer. */
export const StartedPaymentFrench: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("img", { name: /^QR code de la demande Solana Pay/ })).toBeVisible();
  },
};

/** On a phone: the code and the wallet-app link fit the width. */
export const StartedPaymentOnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("link", { name: "Open in a wallet app" })).toBeVisible();
  },
};
