import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gt } from "drizzle-orm";
import { Keypair } from "@solana/web3.js";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until } from "../../testing/webhook-receiver";
import { callJson, fundedPayer, merchantWithLink, pay, startPayFixture, type PayFixture } from "../../testing/pay-fixture";

/** Runs `jobs` with at most `width` at a time; answers their results in order. */
async function inWaves<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

/**
 * The freeze attack on the pay-start budget, with the default caps (20 a client block, 500 a
 * link): anonymous starts from many addresses (X-Forwarded-For behind one trusted proxy) fill a
 * link and then the instance, and a real payer from a fresh address must still start and be paid
 * on the local Solana network.
 */
describe.each(TEST_BACKENDS)("a link and an instance flooded with unpaid starts (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  beforeAll(async () => {
    database = await openTestDb(kind);
    // 100 ms slots: a blockhash stays valid 15 s, so the real payment is not refused as stale while 1,500 starts keep the machine busy.
    f = await startPayFixture(database, { TRUST_PROXY: "1" }, { slotMs: 100 });
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  const start = (linkId: string, client: string, payer = Keypair.generate().publicKey.toBase58()) =>
    callJson(f.payments, "POST", `/api/pay/${linkId}/start`, { chainId: -5001, token: "USDC", payer, sessionId: `session-${crypto.randomUUID()}` }, { "x-forwarded-for": client });
  const pending = async () =>
    (await database.db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.status, "initiated"), gt(transactions.expiresAt, new Date())))).length;

  it("25 addresses × 20 starts on one link, then 1,000 addresses across the instance: a real payer from a fresh address still starts and pays", async () => {
    const target = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const others = await Promise.all(Array.from({ length: 5 }, () => merchantWithLink(f, { label: "Cake", price: "3", currency: "USDC" })));

    // 25 addresses, 20 starts each: the link's 500 slots.
    const onLink = await inWaves(
      Array.from({ length: 25 * 20 }, (_, i) => () => start(target.link.hashedId, `198.18.${i % 25}.${1 + Math.floor(i / 25)}`)),
      25,
    );
    expect(onLink.filter((a) => a.status === 200)).toHaveLength(500);
    expect(await start(target.link.hashedId, "198.18.0.99")).toMatchObject({ status: 429, body: { code: "too_many_pending_payments" } }); // an attacker's block cannot take more

    // 1,000 more addresses fill the instance (the cap set to what they reach: 1,500 unpaid starts).
    f.deps.env.PAY_PENDING_TOTAL = 1_500;
    const across = await inWaves(
      Array.from({ length: 1_000 }, (_, i) => () => start(others[i % others.length]!.link.hashedId, `2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::1`)),
      25,
    );
    expect(across.filter((a) => a.status === 200)).toHaveLength(1_000);
    expect(await pending()).toBe(1_500);
    expect(await start(others[0]!.link.hashedId, "2001:db8:ffff:1::1")).toMatchObject({ status: 200 }); // a fresh payer elsewhere: the heaviest block gives way
    expect(await pending()).toBe(1_500);

    // The real payer on the frozen link.
    const payer = await fundedPayer(f);
    const started = await start(target.link.hashedId, "203.0.113.200", payer.publicKey.toBase58());
    expect(started.status).toBe(200);
    const info: PaymentTransactionInfo = started.body.data;
    const signature = await pay(f, payer, info);
    const credited = await until(async () => {
      const progress = (await callJson(f.payments, "GET", `/api/pay/transactions/${info.payment}`)).body?.data;
      return progress?.status === "validated" ? progress : undefined;
    }, "the real payment validated", 30_000);
    expect(credited).toMatchObject({ status: "validated", hash: signature, receivedAmount: "10000000" });
  }, 900_000); // 1,500 starts over HTTP on embedded PGlite: minutes on a busy 2-core machine
});
