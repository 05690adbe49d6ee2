import { eq } from "drizzle-orm";
import type { PaymentTransactionInfo } from "../src/lib/pay-api";
import { openDb } from "../src/server/db/client";
import { transactions } from "../src/server/db/schema";
import { callJson, fundedPayer, merchantWithLink, pay, startPayFixture } from "../src/server/testing/pay-fixture";
import { until, webhookReceiver } from "../src/server/testing/webhook-receiver";

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

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

export interface DetectionResult {
  payments: number;
  inFlight: number;
  slotMs: number;
  confirmedToPaid: Percentiles;
  finalizedToValidated: Percentiles;
  finalizedToWebhook: Percentiles;
  /** The webhook worker's own share: the endpoint received `payment.validated`, minus `validatedAt`. */
  validatedToWebhook: Percentiles;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const summary = (values: number[]): Percentiles => ({ p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) });

export async function benchDetection(): Promise<DetectionResult> {
  const database = await openDb({ memory: true });
  const f = await startPayFixture(database, {}, { slotMs: SLOT_MS, pollMs: POLL_MS });
  const hooks = await webhookReceiver([200]);
  const samples = { paid: [] as number[], validated: [] as number[], webhook: [] as number[], delivery: [] as number[] };
  try {
    const { link } = await merchantWithLink(f, { label: "Bench", price: "1", currency: "USDC" }, { endpoint: hooks.url });
    const one = async (i: number) => {
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
      const seen = { confirmed, finalized };
      const hook = await until(
        () => hooks.requests.find((r) => r.body.includes(`"payment.validated"`) && r.body.includes(info.payment)),
        `webhook of ${info.payment}`,
        60_000,
      );
      const [row] = await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment));
      if (!row?.paidAt || !row.validatedAt) throw new Error(`payment ${info.payment} not validated`);
      samples.paid.push(Math.max(0, row.paidAt.getTime() - seen.confirmed));
      samples.validated.push(Math.max(0, row.validatedAt.getTime() - seen.finalized));
      samples.webhook.push(Math.max(0, hook.at - seen.finalized));
      samples.delivery.push(Math.max(0, hook.at - row.validatedAt.getTime()));
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < PAYMENTS) await one(next++);
      }),
    );
  } finally {
    await hooks.close();
    await f.stop();
    await database.close();
  }
  return {
    payments: PAYMENTS,
    inFlight: IN_FLIGHT,
    slotMs: SLOT_MS,
    confirmedToPaid: summary(samples.paid),
    finalizedToValidated: summary(samples.validated),
    finalizedToWebhook: summary(samples.webhook),
    validatedToWebhook: summary(samples.delivery),
  };
}
