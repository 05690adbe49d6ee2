import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { PayableProduct, PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";
import { memoryPaymentStores } from "@/stores/testing/payment-stores";
import { PayClock } from "./pay-clock";
import { PayFlowView } from "./pay-flow-view";
import type { PaymentSender } from "./payment-sender";
import { PAYER_ADDRESS, TX_HASH, USD_PRODUCT, USDC_PRODUCT, fakePayApi, fakeSender, paymentInfoFor } from "./testing/fake-pay";

/**
 * A payer who sent too little (issue 28): the page says what arrived, what is still due and the
 * time left, and sends the rest in one tap (a QR payment shows the rest's own code). The clock is
 * frozen 14 min 30 s before the payment expires, so the countdown's picture is the same every run.
 */

const EXPIRES = paymentInfoFor(USD_PRODUCT).expiresAt;
const NOW = Date.parse(EXPIRES) - (14 * 60 + 30) * 1000;
/** 40 of the 49.99 USDC arrived; the payment is still open. */
const UNDER = { status: "initiated", hash: TX_HASH, receivedAmount: "40000000", amountMismatch: "under", requestedAmount: "49990000", amountDue: "9990000", decimals: 6, expiresAt: EXPIRES } as const;

interface PartlyPaidProps {
  product?: PayableProduct;
  /** Started as a QR payment (no wallet here): the page resumes it, as after a reload. */
  qr?: boolean;
  /** The clock; a time past the expiry shows the countdown at zero. */
  now?: number;
}

/**
 * A fake wallet and server: the server reports the payment partly paid until the wallet has sent
 * the rest, and paid only when that rest was exactly what was due, to the same payment and
 * reference (anything else reads as failed, so the story would show it).
 */
function partlyPaidWorld(product: PayableProduct, address: string | null) {
  const sends: PaymentTransactionInfo[] = [];
  const fake = fakeSender();
  const sender: PaymentSender | null = address
    ? {
        send: (info, onSent, onStep) => {
          sends.push(info);
          return fake.send(info, onSent, onStep);
        },
      }
    : null;
  const first = paymentInfoFor(product);
  const api = fakePayApi(product, {
    progress: async (payment): Promise<PaymentProgress> => {
      const rest = sends[1];
      if (!rest) return { payment, ...UNDER };
      const exact = rest.payment === first.payment && rest.reference === first.reference && rest.memo === first.memo && rest.amountWei === UNDER.amountDue;
      return exact ? { payment, status: "paid", hash: TX_HASH, receivedAmount: "49990000", amountDue: "0" } : { payment, status: "failed", failureReason: "wrong rest" };
    },
  });
  return { sender, api };
}

function PartlyPaidStory({ product = USD_PRODUCT, qr = false, now = NOW }: PartlyPaidProps) {
  const [address, setAddress] = useState<string | null>(qr ? null : PAYER_ADDRESS);
  const [stores] = useState(() =>
    memoryPaymentStores(qr ? { stage: "payment-screen", session: { sessionId: "story", productId: product.id, info: paymentInfoFor(product), hash: null, payer: null } } : {}),
  );
  const [world] = useState(() => partlyPaidWorld(product, address));
  return (
    <PayClock now={now}>
      <PayFlowView
        productId={product.id}
        api={world.api}
        stores={stores}
        wallet={{ wallets: [], address, connecting: false, connect: () => setAddress(PAYER_ADDRESS), disconnect: () => setAddress(null) }}
        sender={address ? world.sender : null}
        pollMs={200}
      />
    </PayClock>
  );
}

const meta = {
  title: "Pay/PartlyPaid",
  component: PartlyPaidStory,
  parameters: { layout: "fullscreen", toastBar: true },
} satisfies Meta<typeof PartlyPaidStory>;
export default meta;
type Story = StoryObj<typeof meta>;

async function payThenSeeShortfall(canvasElement: HTMLElement, pay: RegExp | string, title: string) {
  const c = within(canvasElement);
  const button = await c.findByRole("button", { name: pay });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  return { c, region: await c.findByRole("region", { name: title }, { timeout: 5000 }) };
}

/** What arrived, what is still due and the time left; one button sends the rest. */
export const PartlyPaid: Story = {
  play: async ({ canvasElement }) => {
    const { c, region } = await payThenSeeShortfall(canvasElement, "Pay $49.99", "Part of your payment arrived");
    const facts = within(region);
    await expect(facts.getByText("Received").nextElementSibling).toHaveTextContent("40 USDC");
    await expect(facts.getByText("Still due").nextElementSibling).toHaveTextContent("9.99 USDC");
    await expect(facts.getByText("Time left to pay").nextElementSibling).toHaveTextContent("14:30");
    await expect(facts.getByRole("button", { name: "Send the remaining 9.99 USDC" })).toBeEnabled();
    // Not the spinner of a payment on its way: the page is waiting for the payer.
    await expect(c.queryByText(/Waiting for the merchant to receive it/)).toBeNull();
  },
};

export const PartlyPaidFrench: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const { region } = await payThenSeeShortfall(canvasElement, /^Payer 49,99/, "Une partie de votre paiement est arrivée");
    const facts = within(region);
    await expect(facts.getByText("Reste à payer").nextElementSibling).toHaveTextContent("9,99 USDC");
    await expect(facts.getByRole("button", { name: "Envoyer les 9,99 USDC restants" })).toBeEnabled();
  },
};

export const PartlyPaidPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const { region } = await payThenSeeShortfall(canvasElement, "Pay $49.99", "Part of your payment arrived");
    const send = within(region).getByRole("button", { name: "Send the remaining 9.99 USDC" });
    // The button stays inside its card (its words wrap rather than overflow).
    await expect(send.getBoundingClientRect().right).toBeLessThanOrEqual(region.getBoundingClientRect().right);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};

/** One tap: the wallet sends exactly what is due to the same payment; the server then says paid. */
export const RestSent: Story = {
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const { c, region } = await payThenSeeShortfall(canvasElement, "Pay $49.99", "Part of your payment arrived");
    await userEvent.click(within(region).getByRole("button", { name: "Send the remaining 9.99 USDC" }));
    await expect(await c.findByRole("heading", { name: "Payment received" }, { timeout: 5000 })).toBeVisible();
    // The fake server says paid only for exactly 9.99 USDC to the same payment and reference.
    await expect(c.queryByText(/wrong rest/)).toBeNull();
  },
};

/** Paid by a phone (QR): the rest's own code, for 9.99 USDC, with the same reference. */
export const PartlyPaidByQr: Story = {
  args: { product: USDC_PRODUCT, qr: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const region = await c.findByRole("region", { name: "Part of your payment arrived" }, { timeout: 5000 });
    await expect(within(region).queryByRole("button")).toBeNull();
    await expect(await c.findByRole("img", { name: "QR code of the Solana Pay request for 9.99 USDC" }, { timeout: 5000 })).toBeVisible();
    const url = new URL((c.getByRole("textbox", { name: "Payment request" }) as HTMLInputElement).value);
    await expect(url.searchParams.get("amount")).toBe("9.99");
    await expect(url.searchParams.get("reference")).toBe(paymentInfoFor(USDC_PRODUCT).reference);
  },
};

/** The time ran out and the server has not answered yet: no button to send into an expired payment. */
export const TimeUp: Story = {
  args: { now: Date.parse(EXPIRES) + 1000 },
  play: async ({ canvasElement }) => {
    const { region } = await payThenSeeShortfall(canvasElement, "Pay $49.99", "Part of your payment arrived");
    await expect(within(region).getByText(/The time to pay ran out/)).toBeVisible();
    await expect(within(region).getByRole("button", { name: "Send the remaining 9.99 USDC" })).toBeDisabled();
  },
};
