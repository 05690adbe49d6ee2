import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair } from "@solana/web3.js";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { callJson, merchantWithLink, startPayFixture, type PayFixture } from "../../testing/pay-fixture";
import { LINK_BUSY, PAYMENTS_BUSY, TOO_MANY_PENDING_FOR_CLIENT } from "./start-caps";

describe.each(TEST_BACKENDS)("pending payment caps at pay start (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  beforeAll(async () => {
    database = await openTestDb(kind);
    // One trusted proxy: each test names its client in X-Forwarded-For.
    f = await startPayFixture(database, { TRUST_PROXY: "1" });
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  const start = (linkId: string, client: string, sessionId = `session-${crypto.randomUUID()}`) =>
    callJson(
      f.payments,
      "POST",
      `/api/pay/${linkId}/start`,
      { chainId: -5001, token: "USDC", payer: Keypair.generate().publicKey.toBase58(), sessionId },
      { "x-forwarded-for": client },
    );
  const rowsOf = async (productId: string) => (await database.db.select().from(transactions).where(eq(transactions.productId, productId))).length;
  /** Runs `fn` with some settings changed, then puts them back. */
  const withEnv = async (changes: Partial<PayFixture["deps"]["env"]>, fn: () => Promise<void>) => {
    const saved = { ...f.deps.env };
    Object.assign(f.deps.env, changes);
    try {
      await fn();
    } finally {
      Object.assign(f.deps.env, saved);
    }
  };

  it("a client with too many unpaid payments gets 429 and nothing is created; its session still resumes, other clients still start", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withEnv({ PAY_PENDING_PER_CLIENT: 2 }, async () => {
      const first = await start(link.hashedId, "203.0.113.7", "session-one");
      expect(first.status).toBe(200);
      expect((await start(link.hashedId, "203.0.113.7")).status).toBe(200);
      const refused = await start(link.hashedId, "203.0.113.7");
      expect(refused).toMatchObject({ status: 429, body: { code: "too_many_pending_payments", message: TOO_MANY_PENDING_FOR_CLIENT } });
      expect(await rowsOf(link._id)).toBe(2);
      expect((await start(link.hashedId, "198.51.100.9")).status).toBe(200);
      expect(await rowsOf(link._id)).toBe(3);
    });
  });

  it("a reload of the same page session resumes its payment even at the cap", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withEnv({ PAY_PENDING_PER_CLIENT: 1 }, async () => {
      const payer = Keypair.generate().publicKey.toBase58();
      const body = { chainId: -5001, token: "USDC", payer, sessionId: "session-reload" };
      const headers = { "x-forwarded-for": "203.0.113.50" };
      const first = await callJson(f.payments, "POST", `/api/pay/${link.hashedId}/start`, body, headers);
      const again = await callJson(f.payments, "POST", `/api/pay/${link.hashedId}/start`, body, headers);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body.data.payment).toBe(first.body.data.payment);
      expect(await rowsOf(link._id)).toBe(1);
    });
  });

  it("a link with too many unpaid payments answers 409 link_busy; another link is not affected", async () => {
    const busy = (await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" })).link;
    const other = (await merchantWithLink(f, { label: "Cake", price: "3", currency: "USDC" })).link;
    await withEnv({ PAY_PENDING_PER_LINK: 2 }, async () => {
      expect((await start(busy.hashedId, "192.0.2.1")).status).toBe(200);
      expect((await start(busy.hashedId, "192.0.2.2")).status).toBe(200);
      expect(await start(busy.hashedId, "192.0.2.3")).toMatchObject({ status: 409, body: { code: "link_busy", message: LINK_BUSY } });
      expect(await rowsOf(busy._id)).toBe(2);
      expect((await start(other.hashedId, "192.0.2.3")).status).toBe(200);
    });
  });

  it("the instance-wide cap answers 429 payments_busy", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const waiting = (await database.db.select().from(transactions).where(eq(transactions.status, "initiated"))).length;
    await withEnv({ PAY_PENDING_TOTAL: waiting + 1 }, async () => {
      expect((await start(link.hashedId, "192.0.2.10")).status).toBe(200);
      expect(await start(link.hashedId, "192.0.2.11")).toMatchObject({ status: 429, body: { code: "payments_busy", message: PAYMENTS_BUSY } });
      expect(await rowsOf(link._id)).toBe(1);
    });
  });

  it("a burst of simultaneous starts cannot overshoot a cap", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withEnv({ PAY_PENDING_PER_LINK: 3 }, async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => start(link.hashedId, `192.0.2.${100 + i}`)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
      expect(await rowsOf(link._id)).toBe(3);
    });
  });

  it("expired payments no longer count", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withEnv({ PAY_PENDING_PER_CLIENT: 1, PAYMENT_TTL_MS: 1000 }, async () => {
      expect((await start(link.hashedId, "203.0.113.99")).status).toBe(200);
      expect((await start(link.hashedId, "203.0.113.99")).status).toBe(429);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await start(link.hashedId, "203.0.113.99")).status).toBe(200);
    });
  });
});
