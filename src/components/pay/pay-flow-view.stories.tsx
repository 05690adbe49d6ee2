import { useMemo, useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiRequestError } from "@/lib/api-client";
import type { PayableProduct } from "@/lib/pay-api";
import { memoryPaymentStores } from "@/stores/testing/payment-stores";
import type { PayApi } from "./pay-api-client";
import { PayFlowView } from "./pay-flow-view";
import { InsufficientBalanceError } from "./payment-sender";
import {
  BRANDED_PRODUCT,
  PAYER_ADDRESS,
  TX_HASH,
  USDC_PRODUCT,
  USD_PRODUCT,
  fakePayApi,
  fakeSender,
  paymentInfoFor,
  pending,
  progressSequence,
} from "./testing/fake-pay";
import type { DetectedWallet } from "./wallet-panel";

const icon = (fill: string) =>
  "data:image/svg+xml;base64," + btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${fill}"/></svg>`);
const WALLETS: DetectedWallet[] = [
  { name: "Phantom", icon: icon("#ab9ff2") },
  { name: "Solflare", icon: icon("#fc7227") },
];

interface PayStoryProps {
  product: PayableProduct | null;
  api?: Partial<PayApi>;
  wallets?: DetectedWallet[];
  /** The wallet is already connected when the page opens. */
  connected?: boolean;
  send?: Parameters<typeof fakeSender>[0];
  onRedirect?: (url: string) => void;
  redirectMs?: number;
  /** What the browser kept from before a reload: the stage and the session's payment. */
  resume?: { stage: string; hash: string | null };
}

/** The real pay flow controller with a fake PayApi and a fake wallet: everything but the network. */
function PayStory({ product, api, wallets = WALLETS, connected = false, send, onRedirect, redirectMs, resume }: PayStoryProps) {
  const [address, setAddress] = useState(connected ? PAYER_ADDRESS : null);
  const [stores] = useState(() =>
    memoryPaymentStores(
      resume
        ? { stage: resume.stage, session: { sessionId: "story", productId: product?.id ?? null, info: paymentInfoFor(product ?? USD_PRODUCT), hash: resume.hash, payer: PAYER_ADDRESS } }
        : {},
    ),
  );
  const [payApi] = useState(() => fakePayApi(product, api));
  const sender = useMemo(() => (address ? fakeSender(send) : null), [address, send]);
  return (
    <PayFlowView
        productId={product?.id ?? "missing"}
        api={payApi}
        stores={stores}
        wallet={{ wallets, address, connecting: false, connect: () => setAddress(PAYER_ADDRESS), disconnect: () => setAddress(null) }}
        sender={sender}
        onRedirect={onRedirect}
        redirectMs={redirectMs}
        pollMs={300}
    />
  );
}

const meta = {
  title: "Pay/PayPage",
  component: PayStory,
  parameters: { layout: "fullscreen", toastBar: true },
  args: { product: USD_PRODUCT },
} satisfies Meta<typeof PayStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rejectWith = (status: number, message: string) => () => Promise.reject(new ApiRequestError(status, message));

export const Loading: Story = {
  args: { api: { getProduct: () => pending() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading the payment…" })).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { product: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("does not exist");
  },
};

/** A zLink priced in USD: the fiat price, the indicative USDC, and a wallet to pick. */
export const Details: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Annual membership" })).toBeVisible();
    await expect(c.getByText("$49.99")).toBeVisible();
    await expect(c.getByText("About 49.99 USDC at today’s rate. The rate is fixed when you pay.")).toBeVisible();
    await expect(c.getByRole("link", { name: /Visit climb\.example/ })).toHaveAttribute("href", "https://climb.example");
    await expect(c.getByRole("note")).toHaveTextContent("test network");
    await expect(c.getByRole("button", { name: "Pay $49.99" })).toBeDisabled();
    await expect(c.getByText("Connect a wallet to pay.")).toBeVisible();
  },
};

export const DetailsUsdcPriced: Story = {
  args: { product: USDC_PRODUCT },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("25 USDC")).toBeVisible();
    await expect(c.queryByText(/today’s rate/)).toBeNull();
    await expect(c.getByRole("button", { name: "Pay 25 USDC" })).toBeDisabled();
  },
};

/** Logo and brand colour: the accent bar and the Pay button take the colour, with readable text. */
export const Branded: Story = {
  args: { product: BRANDED_PRODUCT, connected: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pay = await c.findByRole("button", { name: "Pay $32.00" });
    await waitFor(() => expect(pay).toBeEnabled());
    const style = getComputedStyle(pay);
    await expect(style.backgroundColor).toBe("rgb(245, 158, 11)");
    await expect(style.color).toBe("rgb(0, 0, 0)");
    await expect(c.getByText("Sunrise Coffee Roasters")).toBeVisible();
  },
};

export const NoWalletInstalled: Story = {
  args: { wallets: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/No Solana wallet was found in this browser/)).toBeVisible();
    await expect(c.getByRole("link", { name: /Get Phantom/ })).toHaveAttribute("href", "https://phantom.app/download");
    await expect(c.getByRole("link", { name: /Get Solflare/ })).toHaveAttribute("target", "_blank");
  },
};

/** The payer picks a wallet; it is checked against the sanctions list and Pay becomes available. */
export const WalletConnected: Story = {
  args: { api: { checkSanction: fn(async () => ({ passed: true })) } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Connect Phantom" }));
    await expect(c.getByText("Connected wallet")).toBeVisible();
    await waitFor(() => expect(c.getByRole("button", { name: "Pay $49.99" })).toBeEnabled());
    await expect(args.api!.checkSanction).toHaveBeenCalledWith({ wallet: PAYER_ADDRESS, payment: "ql_usd", type: "quick-pay", chain: -5001 }, "story-session");
    await expect(c.getByRole("button", { name: "Get test USDC" })).toBeVisible();
  },
};

export const SanctionFailed: Story = {
  args: { connected: true, api: { checkSanction: async () => ({ passed: false }) } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Wallet Sanction Status Analysis Failed. This wallet is not acceptable.")).toBeVisible();
    await expect(c.getByRole("button", { name: /^Pay / })).toBeDisabled();
    await expect(c.queryByRole("button", { name: "Get test USDC" })).toBeNull();
    await expect(c.getByRole("button", { name: "Use another wallet" })).toBeVisible();
  },
};

export const SanctionCheckUnavailable: Story = {
  args: { connected: true, api: { checkSanction: fn(rejectWith(503, "Unable to check")) } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Unable to check Wallet Sanction Status. Please try connecting wallet later.")).toBeVisible();
    await expect(c.getByRole("button", { name: /^Pay / })).toBeDisabled();
    await userEvent.click(c.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(args.api!.checkSanction).toHaveBeenCalledTimes(2));
    await expect(await c.findByText(/Unable to check Wallet Sanction Status/)).toBeVisible();
  },
};

export const FaucetGranted: Story = {
  args: { connected: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Get test USDC" }));
    await expect(await c.findByText("Sent 1,000 USDC and 1 SOL to your wallet. You can pay now.")).toBeVisible();
  },
};

/** The wallet is short: a clear message that points to the faucet in sandbox. */
export const InsufficientBalance: Story = {
  args: { connected: true, send: { error: new InsufficientBalanceError("token", 5_000_000n, 49_990_000n) } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pay = await c.findByRole("button", { name: "Pay $49.99" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await expect(await c.findByRole("alert")).toHaveTextContent("Your wallet holds 5 USDC, but this payment needs 49.99 USDC. Use “Get test USDC” above to top it up, then pay again.");
  },
};

async function clickPay(canvasElement: HTMLElement, name: string | RegExp = "Pay $49.99") {
  const c = within(canvasElement);
  const pay = await c.findByRole("button", { name });
  await waitFor(() => expect(pay).toBeEnabled());
  await userEvent.click(pay);
  return c;
}

/** Waiting for the payer to approve in the wallet; focus is on the progress heading. */
export const Processing: Story = {
  args: { connected: true, send: { hangBeforeSend: true } },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    const heading = await c.findByRole("heading", { name: "Paying 49.99 USDC" });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(c.getByText("Approve the payment in your wallet…")).toBeVisible();
    await expect(c.getByText("You pay exactly 49.99 USDC.")).toBeVisible();
  },
};

export const Submitted: Story = {
  args: { connected: true },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByText("Payment submitted. Waiting for the merchant to receive it…")).toBeVisible();
    await expect(c.getByText("5VERv8NM…diSZkQUW")).toBeVisible();
  },
};

export const Paid: Story = {
  args: { connected: true, api: { progress: progressSequence({ status: "paid", hash: TX_HASH, explorerUrl: `http://localhost:4322/tx/-5001/${TX_HASH}` }) } },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    const heading = await c.findByRole("heading", { name: "Payment received" });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(c.getByText("Verifying")).toBeVisible();
    await expect(c.getByRole("link", { name: /View on the explorer/ })).toHaveAttribute("href", `http://localhost:4322/tx/-5001/${TX_HASH}`);
  },
};

/** Validated with a callback URL: a visible countdown, then the payer goes back to the merchant. */
export const ValidatedWithCallback: Story = {
  args: {
    connected: true,
    redirectMs: 3000,
    onRedirect: fn(),
    api: { progress: progressSequence({ status: "validated", hash: TX_HASH, explorerUrl: "https://solscan.io/tx/x", callbackUrl: "https://climb.example/thanks?order=42" }) },
  },
  play: async ({ canvasElement, args }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment complete" })).toBeVisible();
    await expect(c.getByText("Completed")).toBeVisible();
    await expect(c.getByText(/Returning you to climb\.example in \d s…/)).toBeVisible();
    await expect(c.getByRole("link", { name: "Continue now" })).toHaveAttribute("href", "https://climb.example/thanks?order=42");
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith("https://climb.example/thanks?order=42"), { timeout: 5000 });
    await expect(c.getByText("Returning you to climb.example…")).toBeVisible();
  },
};

/** The payer declined in the wallet (EIP-1193 4001): cancelled, calmly — no red, no toast of the wallet's words. */
export const CancelledInWallet: Story = {
  args: { connected: true, send: { error: Object.assign(new Error("User rejected the request."), { code: 4001 }) } },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    const heading = await c.findByRole("heading", { name: "Payment cancelled" });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(c.getByText("You cancelled the payment in your wallet. Nothing was sent; you can try again whenever you are ready.")).toBeVisible();
    await expect(c.queryByText(/User rejected/)).toBeNull();
    await expect(within(document.body).queryByRole("alert")).toBeNull();
    await expect(c.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** The same cancel in French, on a phone: French words only, never the wallet's English. */
export const CancelledInWalletFrenchPhone: Story = {
  args: CancelledInWallet.args,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement, /^Payer 49,99/);
    await expect(await c.findByRole("heading", { name: "Paiement annulé" })).toBeVisible();
    await expect(within(document.body).queryByText(/User rejected/)).toBeNull();
    await expect(c.getByRole("button", { name: "Réessayer" })).toBeVisible();
  },
};

/** A Solana wallet-adapter rejection is a cancel too. */
export const CancelledInSolanaWallet: Story = {
  args: { connected: true, send: { error: Object.assign(new Error("User rejected the request."), { name: "WalletSignTransactionError" }) } },
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  },
};

/** After a cancel, "Try again" brings the payer back to the details with the wallet still connected. */
export const TryAgainAfterRejection: Story = {
  args: CancelledInWallet.args,
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Try again" }));
    await expect(await c.findByRole("button", { name: "Pay $49.99" })).toBeEnabled();
    await expect(c.getByText("Connected wallet")).toBeVisible();
  },
};

/** A wallet failure that is not the payer's cancel: its message as a toast, the result failed. */
export const FailedWallet: Story = {
  args: { connected: true, send: { error: new Error("Wallet disconnected") } },
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(c.getByText("Reason: Wallet disconnected")).toBeVisible();
    await expect(within(document.body).getByRole("alert")).toHaveTextContent("Wallet disconnected");
  },
};

export const Underpaid: Story = {
  args: {
    connected: true,
    api: { progress: progressSequence({ status: "failed", hash: TX_HASH, receivedAmount: "40000000", amountMismatch: "under", failureReason: "underpaid" }) },
  },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(c.getByText(/The amount received \(40 USDC\) is less than the amount requested \(49\.99 USDC\)/)).toBeVisible();
    await expect(c.getByText("Your transaction reached the network, but the payment was not accepted.")).toBeVisible();
    // Money has moved: no "Try again" that would pay twice.
    await expect(c.queryByRole("button", { name: "Try again" })).toBeNull();
  },
};

export const Overpaid: Story = {
  args: {
    connected: true,
    api: { progress: progressSequence({ status: "validated", hash: TX_HASH, receivedAmount: "60000000", amountMismatch: "over" }) },
  },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment complete" })).toBeVisible();
    await expect(c.getByText(/You sent 60 USDC, more than the 49\.99 USDC requested/)).toBeVisible();
  },
};

/** A reload in the middle of a payment picks the session's payment up and keeps following it. */
export const ResumedAfterReload: Story = {
  args: { connected: true, resume: { stage: "payment-screen", hash: TX_HASH } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Payment submitted. Waiting for the merchant to receive it…")).toBeVisible();
  },
};

export const French: Story = {
  args: { connected: true },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("Montant dû")).toBeVisible();
    await waitFor(() => expect(c.getByRole("button", { name: /^Payer 49,99/ })).toBeEnabled());
  },
};

export const Phone: Story = {
  args: { connected: true },
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pay = await c.findByRole("button", { name: "Pay $49.99" });
    await waitFor(() => expect(pay).toBeEnabled());
    await expect(pay.getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
