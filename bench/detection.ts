import type { PaymentTransactionInfo } from "../src/lib/pay-api";
import { callJson, fundedPayer, merchantWithLink, pay, startPayFixture } from "../src/server/testing/pay-fixture";
import { measureDetection, type DetectionTimings } from "./detection-run";

/**
 * How fast the server notices payments on the local Solana network: PAYMENTS payments of a zLink,
 * IN_FLIGHT at a time, each paid through the real pay API, watcher (WebSocket + polling fallback)
 * and webhook worker on embedded PGlite. For each payment:
 * - confirmed → paid: the transaction's `paidAt` minus when the client saw its signature confirmed;
 * - finalized → validated: `validatedAt` minus when the client saw it finalized;
 * - finalized → webhook: when the merchant's endpoint received `payment.validated`, minus the same;
 * - validated → webhook: the same moment minus `validatedAt` (the webhook worker's own share).
 * The client's moments come from `signatureSubscribe` notifications, so they include the
 * network's own notification delay, as a merchant's own node would.
 */
const PAYMENTS = Number(process.env.BENCH_DETECTION_PAYMENTS ?? 50);
const IN_FLIGHT = Number(process.env.BENCH_DETECTION_IN_FLIGHT ?? 5);
const SLOT_MS = Number(process.env.BENCH_DETECTION_SLOT_MS ?? 100);
/** The server's default fallback poll; notifications normally win. */
const POLL_MS = Number(process.env.BENCH_DETECTION_POLL_MS ?? 2000);

export interface DetectionResult extends DetectionTimings {
  payments: number;
  inFlight: number;
  slotMs: number;
}

export async function benchDetection(): Promise<DetectionResult> {
  const timings = await measureDetection({
    payments: PAYMENTS,
    inFlight: IN_FLIGHT,
    startFixture: (database) => startPayFixture(database, {}, { slotMs: SLOT_MS, pollMs: POLL_MS }),
    setUp: async (f, endpoint) => {
      const { link } = await merchantWithLink(f, { label: "Bench", price: "1", currency: "USDC" }, { endpoint });
      return async (i) => {
        const payer = await fundedPayer(f, 10_000_000n);
        const started = await callJson(f.payments, "POST", `/api/pay/${link.hashedId}/start`, {
          chainId: -5001,
          token: "USDC",
          payer: payer.publicKey.toBase58(),
          sessionId: `bench-session-${i}`,
        });
        if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.body)}`);
        const info: PaymentTransactionInfo = started.body.data;
        const at = (signature: string, commitment: "confirmed" | "finalized") =>
          new Promise<number>((resolve) => f.connection.onSignature(signature, () => resolve(Date.now()), commitment));
        let moments: Promise<[number, number]> | undefined;
        // Subscribed once signed, before sending, so no notification can be missed.
        await pay(f, payer, info, { onSigned: (signature) => (moments = Promise.all([at(signature, "confirmed"), at(signature, "finalized")])) });
        const [confirmed, finalized] = await moments!;
        return { payment: info.payment, confirmed, finalized };
      };
    },
  });
  return { payments: PAYMENTS, inFlight: IN_FLIGHT, slotMs: SLOT_MS, ...timings };
}
