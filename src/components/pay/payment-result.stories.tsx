import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PAYER_CANCELLED } from "./pay-result";
import { PaymentResult } from "./payment-result";
import { TX_HASH } from "./testing/fake-pay";

const meta = {
  title: "Pay/PaymentResult",
  component: PaymentResult,
  parameters: { layout: "padded" },
  args: {
    status: "validated",
    merchant: "Riverside Climbing Club",
    amount: "49.99 USDC",
    hash: TX_HASH,
    explorerUrl: `http://localhost:4322/tx/-5001/${TX_HASH}`,
    onTryAgain: fn(),
    onRedirect: fn(),
  },
} satisfies Meta<typeof PaymentResult>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Finalized: the merchant received and confirmed it. */
export const Complete: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Payment complete" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Copy transaction hash" })).toBeVisible();
    await expect(c.getByRole("link", { name: /View on the explorer/ })).toHaveAttribute("href", `http://localhost:4322/tx/-5001/${TX_HASH}`);
  },
};

/** Confirmed, not yet final: received, the network is confirming. */
export const Received: Story = {
  args: { status: "paid" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Payment received" })).toBeVisible();
  },
};

/** Less than asked arrived: failed, with both amounts. */
export const Underpaid: Story = {
  args: { status: "failed", amountMismatch: "under", received: "40 USDC", reason: "underpaid" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/is less than the amount requested/)).toBeVisible();
    await expect(c.getByText("Less than the amount requested arrived before the time ran out.")).toBeVisible();
  },
};

/** A sanctioned wallet paid: the money is recorded and held, never counted; the payer is told why. */
export const HeldSanctioned: Story = {
  args: { status: "failed", reason: "sanctioned" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Your transaction reached the network, but the payment was not accepted.")).toBeVisible();
    await expect(c.getByText(/on a sanctions list/)).toBeVisible();
    await expect(c.queryByText(/Reason:/)).toBeNull();
  },
};

/** Paid at confirmed but never finalized (a fork dropped it): failed after the finality window. */
export const NotFinalized: Story = {
  args: { status: "failed", reason: "not_finalized" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/did not finalize the transfer/)).toBeVisible();
  },
};

/** The wallet did not send it: nothing left the wallet; the payer may try again. */
export const FailedTryAgain: Story = {
  args: { status: "failed", hash: undefined, explorerUrl: undefined, reason: "Wallet disconnected" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText("The payment did not go through. No money left your wallet.")).toBeVisible();
    await userEvent.click(c.getByRole("button", { name: "Try again" }));
    await expect(args.onTryAgain).toHaveBeenCalledTimes(1);
  },
};

/** The merchant set a callback: a countdown back to their site, which the payer may stop. */
export const ReturningToMerchant: Story = {
  args: { callbackUrl: "https://climb.example/thanks", redirectMs: 60_000 },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Stay on this page" }));
    await expect(c.queryByRole("button", { name: "Continue now" })).toBeNull();
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

export const French: Story = { globals: { locale: "fr" } };

/** The held payment in French. */
export const HeldSanctionedFrench: Story = { args: { status: "failed", reason: "sanctioned" }, globals: { locale: "fr" } };

/** The payer declined in their wallet: a calm cancel (no red, no status chip), nothing sent, Try again. */
export const CancelledPhone: Story = {
  args: { status: "failed", hash: undefined, explorerUrl: undefined, reason: PAYER_CANCELLED },
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
    await expect(c.queryByText("Payment failed")).toBeNull();
    await expect(c.queryByText(/Reason/)).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Try again" }));
    await expect(args.onTryAgain).toHaveBeenCalledTimes(1);
  },
};

export const CancelledFrenchPhone: Story = {
  args: { status: "failed", hash: undefined, explorerUrl: undefined, reason: PAYER_CANCELLED },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Paiement annulé" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Réessayer" })).toBeVisible();
    await expect(c.queryByText(/User rejected/)).toBeNull();
  },
};

/** A wallet's English message we know is shown in French to a French payer, never as the wallet wrote it. */
export const FailedWalletReasonFrench: Story = {
  args: { status: "failed", hash: undefined, explorerUrl: undefined, reason: "insufficient funds for gas * price + value" },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/n’a pas assez de fonds pour ce paiement/)).toBeVisible();
    await expect(c.queryByText(/insufficient funds/)).toBeNull();
  },
};
