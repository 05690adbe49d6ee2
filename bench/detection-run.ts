import { eq } from "drizzle-orm";
import { openDb, type Database } from "../src/server/db/client";
import { transactions } from "../src/server/db/schema";
import { until, webhookReceiver } from "../src/server/testing/webhook-receiver";

/**
 * What the Solana and EVM detection benches share: an embedded PGlite, a webhook endpoint, the
 * payments made IN_FLIGHT at a time, and how each payment's server-side moments (`paidAt`,
 * `validatedAt`, webhook received) compare with the moments the client saw on its chain.
 * Each bench brings only its chain: the fixture, the zLink and how one payment is paid and timed.
 */

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

export interface DetectionTimings {
  confirmedToPaid: Percentiles;
  finalizedToValidated: Percentiles;
  finalizedToWebhook: Percentiles;
  /** The webhook worker's own share: the endpoint received `payment.validated`, minus `validatedAt`. */
  validatedToWebhook: Percentiles;
}

/** One payment as its client saw it: the payment's public id and when its chain confirmed and finalized it (epoch ms). */
export interface SeenPayment {
  payment: string;
  confirmed: number;
  finalized: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const summary = (values: number[]): Percentiles => ({ p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) });

export async function measureDetection<Fixture extends { stop(): Promise<void> }>(options: {
  payments: number;
  inFlight: number;
  startFixture: (database: Database) => Promise<Fixture>;
  /** Creates the merchant and zLink (webhooks to `endpoint`); returns how to pay and time its payment number `i`. */
  setUp: (f: Fixture, endpoint: string) => Promise<(i: number) => Promise<SeenPayment>>;
}): Promise<DetectionTimings> {
  const database = await openDb({ memory: true });
  const f = await options.startFixture(database);
  const hooks = await webhookReceiver([200]);
  const samples = { paid: [] as number[], validated: [] as number[], webhook: [] as number[], delivery: [] as number[] };
  try {
    const payOne = await options.setUp(f, hooks.url);
    const one = async (i: number) => {
      const seen = await payOne(i);
      const hook = await until(
        () => hooks.requests.find((r) => r.body.includes(`"payment.validated"`) && r.body.includes(seen.payment)),
        `webhook of ${seen.payment}`,
        60_000,
      );
      const [row] = await database.db.select().from(transactions).where(eq(transactions.publicId, seen.payment));
      if (!row?.paidAt || !row.validatedAt) throw new Error(`payment ${seen.payment} not validated`);
      samples.paid.push(Math.max(0, row.paidAt.getTime() - seen.confirmed));
      samples.validated.push(Math.max(0, row.validatedAt.getTime() - seen.finalized));
      samples.webhook.push(Math.max(0, hook.at - seen.finalized));
      samples.delivery.push(Math.max(0, hook.at - row.validatedAt.getTime()));
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: options.inFlight }, async () => {
        while (next < options.payments) await one(next++);
      }),
    );
  } finally {
    await hooks.close();
    await f.stop();
    await database.close();
  }
  return {
    confirmedToPaid: summary(samples.paid),
    finalizedToValidated: summary(samples.validated),
    finalizedToWebhook: summary(samples.webhook),
    validatedToWebhook: summary(samples.delivery),
  };
}
