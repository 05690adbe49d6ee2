import { useMemo, useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { PaymentProgress } from "@/lib/pay-api";
import { memoryPaymentStores } from "@/stores/testing/payment-stores";
import { PayFlowView } from "./pay-flow-view";
import { InsufficientBalanceError, PaymentFailedOnChainError } from "./payment-sender";
import { PAYER_ADDRESS, TX_HASH, USD_PRODUCT, fakePayApi, fakeSender, paymentInfoFor, progressSequence } from "./testing/fake-pay";

/**
 * The pay page's states the state machine (pay-page-machine.ts) reaches that Pay/PayPage does
 * not show: a reload in each of its cases, the fee the wallet cannot pay, a transaction the
 * chain refused, a confirmation lost after sending, a payment that ran out of time.
 */

interface StatesStoryProps {
  /** The server's answers to the progress polls, in order (the last one repeats). */
  progress?: Partial<PaymentProgress>[];
  send?: Parameters<typeof fakeSender>[0];
  /** What the browser kept from before a reload: the stage, the hash, and who started it (null: a QR payment). */
  resume?: { stage: string; hash: string | null; payer: string | null };
}

function StatesStory({ progress = [{ status: "initiated" }], send, resume }: StatesStoryProps) {
  const [address, setAddress] = useState<string | null>(PAYER_ADDRESS);
  const [stores] = useState(() =>
    memoryPaymentStores(resume ? { stage: resume.stage, session: { sessionId: "story", productId: USD_PRODUCT.id, info: paymentInfoFor(USD_PRODUCT), hash: resume.hash, payer: resume.payer } } : {}),
  );
  const [api] = useState(() => fakePayApi(USD_PRODUCT, { progress: progressSequence(...progress) }));
  const sender = useMemo(() => (address ? fakeSender(send) : null), [address, send]);
  return (
    <PayFlowView
      productId={USD_PRODUCT.id}
      api={api}
      stores={stores}
      wallet={{ wallets: [], address, connecting: false, connect: () => setAddress(PAYER_ADDRESS), disconnect: () => setAddress(null) }}
      sender={sender}
      pollMs={300}
    />
  );
}

const meta = {
  title: "Pay/PayPageStates",
  component: StatesStory,
  parameters: { layout: "fullscreen", toastBar: true },
} satisfies Meta<typeof StatesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

async function clickPay(canvasElement: HTMLElement) {
  const c = within(canvasElement);
  const pay = await c.findByRole("button", { name: "Pay $49.99" });
  await waitFor(() => expect(pay).toBeEnabled());
  await userEvent.click(pay);
  return c;
}

/** A reload closed the wallet's prompt before it sent anything: back to the details, ready to pay again. */
export const ReloadedBeforeSending: Story = {
  args: { resume: { stage: "payment-screen", hash: null, payer: PAYER_ADDRESS } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByRole("button", { name: "Pay $49.99" })).toBeEnabled());
    await expect(c.queryByText(/Payment submitted/)).toBeNull();
  },
};

/** A reload while a phone pays by QR code: the same payment's code is shown again. */
export const ReloadedDuringQrPayment: Story = {
  args: { resume: { stage: "payment-screen", hash: null, payer: null } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // The QR panel (web3.js, the encoder) loads only now, as on the page.
    await expect(await c.findByRole("img", { name: /^QR code of the Solana Pay request/ }, { timeout: 5000 })).toBeVisible();
    const url = new URL((c.getByRole("textbox", { name: "Payment request" }) as HTMLInputElement).value);
    await expect(url.searchParams.get("reference")).toBe(paymentInfoFor(USD_PRODUCT).reference);
  },
};

/** A reload after the payment completed: straight to its result. */
export const ReloadedAfterCompletion: Story = {
  args: { resume: { stage: "payment-screen", hash: TX_HASH, payer: PAYER_ADDRESS }, progress: [{ status: "validated", hash: TX_HASH }] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Payment complete" })).toBeVisible();
  },
};

/** The wallet has no SOL for the network fee: the payer stays on the details with a notice. */
export const NoCoinForTheFee: Story = {
  args: { send: { error: new InsufficientBalanceError("native", 0n, 5000n) } },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("Your wallet has no SOL to pay the network fee.");
    await expect(c.getByRole("button", { name: "Pay $49.99" })).toBeEnabled();
  },
};

/** The wallet sent it and the chain refused it: failed, the hash shown, no "Try again" (money may have moved). */
export const RefusedByTheChain: Story = {
  args: { send: { errorAfterSend: new PaymentFailedOnChainError(TX_HASH, "The network rejected the transaction") } },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(c.getByText("Your transaction reached the network, but the payment was not accepted.")).toBeVisible();
    await expect(within(document.body).getByRole("alert")).toHaveTextContent("The network rejected the transaction");
    await expect(c.queryByRole("button", { name: "Try again" })).toBeNull();
  },
};

/** Sent, then the wallet's confirmation was lost: no error, the server's word decides (here: received). */
export const ConfirmationLost: Story = {
  args: { send: { errorAfterSend: new Error("WebSocket closed") }, progress: [{ status: "paid", hash: TX_HASH }] },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment received" })).toBeVisible();
    await expect(within(document.body).queryByRole("alert")).toBeNull();
  },
};

/** The time to pay ran out: the server's reason in the payer's words. */
export const RanOutOfTime: Story = {
  args: { progress: [{ status: "failed", failureReason: "expired" }] },
  play: async ({ canvasElement }) => {
    const c = await clickPay(canvasElement);
    await expect(await c.findByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(c.getByText("The time to pay ran out before the payment arrived.")).toBeVisible();
  },
};

export const RanOutOfTimeFrench: Story = {
  ...RanOutOfTime,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const pay = await c.findByRole("button", { name: /^Payer 49,99/ });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await expect(await c.findByRole("heading", { name: "Échec du paiement" })).toBeVisible();
    await expect(c.getByText("Le délai de paiement a expiré avant l’arrivée du paiement.")).toBeVisible();
  },
};
