import { eq } from "drizzle-orm";
import type { Hash } from "viem";
import type { PaymentTransactionInfo } from "../src/lib/pay-api";
import { openDb } from "../src/server/db/client";
import { transactions } from "../src/server/db/schema";
import { callJson } from "../src/server/testing/pay-fixture";
import { evmMerchantWithLink, fundedEvmPayer, payEvm, startEvmPayFixture, type EvmPayFixture } from "../src/server/testing/evm-pay-fixture";
import { until, webhookReceiver } from "../src/server/testing/webhook-receiver";
import type { DetectionResult } from "./detection";

/**
 * How fast the server notices payments on the local EVM chain A: PAYMENTS payments of a zLink,
 * IN_FLIGHT at a time, each approved and paid through Request Network's ERC20FeeProxy as the pay
 * page's contract says, noticed by the EVM watcher (log subscription + polling at the server's
 * default period) and the webhook worker, on embedded PGlite, with anvil mining a block every
 * BLOCK_TIME_SEC (its finalized tag is two blocks behind the head). For each payment:
 * - confirmed → paid: `paidAt` minus when the client saw the receipt (its first confirmation);
 * - finalized → validated: `validatedAt` minus when the client saw the chain's finalized block reach it;
 * - finalized → webhook: when the merchant's endpoint received `payment.validated`, minus the same;
 * - validated → webhook: the same moment minus `validatedAt`.
 * The client polls every CLIENT_POLL_MS, so its moments are that late at most.
 */
const PAYMENTS = Number(process.env.BENCH_EVM_PAYMENTS ?? 20);
const IN_FLIGHT = Number(process.env.BENCH_EVM_IN_FLIGHT ?? 4);
const BLOCK_TIME_SEC = Number(process.env.BENCH_EVM_BLOCK_TIME_SEC ?? 1);
/** The server's default fallback poll; the log subscription normally wakes the watcher first. */
const POLL_MS = Number(process.env.BENCH_EVM_POLL_MS ?? 2000);
const CLIENT_POLL_MS = 20;
const CHAIN = 31337;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const summary = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** When the client first sees `hash` mined, and when the chain's finalized block reaches it. */
async function clientMoments(f: EvmPayFixture, hash: Promise<Hash>): Promise<{ confirmed: number; finalized: number; hash: Hash }> {
  const { client } = f.chains[CHAIN]!;
  const tx = await hash;
  let receipt;
  for (;;) {
    receipt = await client.getTransactionReceipt({ hash: tx }).catch(() => undefined);
    if (receipt) break;
    await sleep(CLIENT_POLL_MS);
  }
  const confirmed = Date.now();
  for (;;) {
    const final = await client.getBlock({ blockTag: "finalized" });
    if (final.number !== null && final.number >= receipt.blockNumber) break;
    await sleep(CLIENT_POLL_MS);
  }
  return { confirmed, finalized: Date.now(), hash: tx };
}

export type EvmDetectionResult = Omit<DetectionResult, "slotMs"> & { blockTimeSec: number };

export async function benchEvmDetection(): Promise<EvmDetectionResult> {
  const database = await openDb({ memory: true });
  const f = await startEvmPayFixture(database, {}, { blockTimeSec: BLOCK_TIME_SEC, pollMs: POLL_MS });
  const hooks = await webhookReceiver([200]);
  const samples = { paid: [] as number[], validated: [] as number[], webhook: [] as number[], delivery: [] as number[] };
  try {
    const { link } = await evmMerchantWithLink(f, { label: "Bench", price: "1", currency: "USDC" }, { endpoint: hooks.url });
    const one = async (i: number) => {
      const payer = await fundedEvmPayer(f, CHAIN, "USDC", 10_000_000n);
      const started = await callJson(f.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: CHAIN, token: "USDC", payer: payer.address, sessionId: `bench-evm-${i}` });
      if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.body)}`);
      const info: PaymentTransactionInfo = started.body.data;
      // payEvm resolves once the payment is mined; the client's own polling times the moments.
      const seen = await clientMoments(f, payEvm(f, payer, info));
      const hook = await until(() => hooks.requests.find((r) => r.body.includes(`"payment.validated"`) && r.body.includes(info.payment)), `webhook of ${info.payment}`, 60_000);
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
    blockTimeSec: BLOCK_TIME_SEC,
    confirmedToPaid: summary(samples.paid),
    finalizedToValidated: summary(samples.validated),
    finalizedToWebhook: summary(samples.webhook),
    validatedToWebhook: summary(samples.delivery),
  };
}
