import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { solanaPayUrl } from "@/lib/solana-pay-url";
import { USDC_PRODUCT, paymentInfoFor } from "../testing/fake-pay";
import { SolanaPayQr } from "./solana-pay-qr";

const info = paymentInfoFor(USDC_PRODUCT, "pay_qr");
const url = solanaPayUrl(info, { label: USDC_PRODUCT.merchant.displayName, message: USDC_PRODUCT.label });

const meta = {
  title: "Pay/SolanaPayQr",
  component: SolanaPayQr,
  parameters: { layout: "padded" },
  args: { url, amount: `${info.amount} USDC` },
} satisfies Meta<typeof SolanaPayQr>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The payment as a QR code for a phone wallet, the same request as text to copy, and a wallet-app link. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("img", { name: `QR code of the Solana Pay request for ${args.amount}` })).toBeVisible();
    await expect(c.getByRole("textbox", { name: "Payment request" })).toHaveValue(args.url);
    await expect(c.getByRole("region", { name: `Scan to pay ${args.amount}` })).toHaveAttribute("data-solana-pay-url", args.url);
    await expect(c.getByRole("link", { name: "Open in a wallet app" })).toHaveAttribute("href", args.url);
    await expect(c.getByText("Waiting for your payment…")).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("img", { name: /^QR code de la demande Solana Pay/ })).toBeVisible();
  },
};
