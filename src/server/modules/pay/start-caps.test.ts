import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gt, lte } from "drizzle-orm";
import { Keypair } from "@solana/web3.js";
import { openDb, type Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { callJson, merchantWithLink, startPayFixture, type PayFixture } from "../../testing/pay-fixture";
import { LINK_BUSY, PAYMENTS_BUSY, TOO_MANY_PENDING_FOR_CLIENT, makeRoomForPayment } from "./start-caps";

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
      const headers = { "x-forwarded-for": "203.0.50.50" };
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
      expect((await start(link.hashedId, "203.0.99.99")).status).toBe(200);
      expect((await start(link.hashedId, "203.0.99.99")).status).toBe(429);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await start(link.hashedId, "203.0.99.99")).status).toBe(200);
    });
  });

  const gaveWay = async (productId: string) =>
    (await database.db.select().from(transactions).where(and(eq(transactions.productId, productId), eq(transactions.status, "initiated"), lte(transactions.expiresAt, new Date()))))
      .length;

  it("addresses rotated inside one IPv6 /64 share one client cap", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withEnv({ PAY_PENDING_PER_CLIENT: 2 }, async () => {
      expect((await start(link.hashedId, "2001:db8:55:1::1")).status).toBe(200);
      expect((await start(link.hashedId, "2001:db8:55:1::2")).status).toBe(200);
      expect(await start(link.hashedId, "2001:db8:55:1:ffff:ffff:ffff:ffff")).toMatchObject({ status: 429, body: { code: "too_many_pending_payments" } });
      expect((await start(link.hashedId, "2001:db8:55:2::1")).status).toBe(200);
    });
  });

  it("a link filled by many address blocks still starts a payer from a fresh block: the heaviest block's oldest start gives way, and it cannot take it back", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withEnv({ PAY_PENDING_PER_LINK: 6, PAY_PENDING_PER_CLIENT: 3 }, async () => {
      for (const block of ["10.1.1", "10.1.2"]) for (let i = 1; i <= 3; i++) expect((await start(link.hashedId, `${block}.${i}`)).status).toBe(200);
      const fresh = await start(link.hashedId, "198.18.0.1");
      expect(fresh.status).toBe(200);
      expect(await gaveWay(link._id)).toBe(1);
      const oldest = (await database.db.select().from(transactions).where(eq(transactions.productId, link._id)).orderBy(transactions.createdAt))[0]!;
      expect(oldest.expiresAt.getTime()).toBeLessThanOrEqual(Date.now()); // the first start of 10.1.1.0/24
      expect(await start(link.hashedId, "10.1.1.9")).toMatchObject({ status: 409, body: { code: "link_busy" } }); // 10.1.1 holds 2, 10.1.2 holds 3: taking one back would make it as heavy
      expect((await start(link.hashedId, "198.18.1.1")).status).toBe(200); // another fresh payer: 10.1.2 gives way
      expect(await gaveWay(link._id)).toBe(2);
    });
  });

  it("a full instance still starts a payer from a fresh block: the instance's heaviest block gives way", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const other = (await merchantWithLink(f, { label: "Cake", price: "3", currency: "USDC" })).link;
    const initiated = eq(transactions.status, "initiated");
    // Earlier tests' payments would compete for "the heaviest block" and expire on their own while
    // this runs: end them first, so the only pending payments are this test's own.
    await database.db.update(transactions).set({ expiresAt: new Date() }).where(and(initiated, gt(transactions.expiresAt, new Date())));
    // A payment that gave way has its expiry moved to now (and the expiry job may since have failed it): not pending any more.
    const ofLink = async (productId: string) => {
      const rows = await database.db.select().from(transactions).where(eq(transactions.productId, productId));
      const now = new Date();
      const pending = rows.filter((r) => r.status === "initiated" && r.expiresAt > now).length;
      return { pending, stopped: rows.length - pending };
    };
    await withEnv({ PAY_PENDING_TOTAL: 4, PAY_PENDING_PER_CLIENT: 4 }, async () => {
      for (let i = 1; i <= 4; i++) expect((await start(link.hashedId, `100.64.7.${i}`)).status).toBe(200);
      expect(await ofLink(link._id)).toEqual({ pending: 4, stopped: 0 });
      expect((await start(other.hashedId, "198.19.0.1")).status).toBe(200);
      // One of the full block's payments gave way to the fresh block's payer.
      expect(await ofLink(link._id)).toEqual({ pending: 3, stopped: 1 });
      expect(await ofLink(other._id)).toEqual({ pending: 1, stopped: 0 });
    });
  });

  it.runIf(kind === "postgres")("starts from two processes on one PostgreSQL do not wait on one lock: a start held open on one link does not stop another link", async () => {
    const busy = (await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" })).link;
    const free = (await merchantWithLink(f, { label: "Cake", price: "3", currency: "USDC" })).link;
    const other = await openDb({ databaseUrl: database.connectionString! }); // a second process's pool
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const holder = other.db.transaction(async (tx) => {
      await makeRoomForPayment(tx, f.deps.env, { productId: busy._id, clientPrefix: "192.0.2.0/24" });
      entered();
      await held; // a start on `busy` stalled mid-transaction
    });
    try {
      await inside;
      const answer = await Promise.race([start(free.hashedId, "198.51.100.77"), new Promise<"waited">((r) => setTimeout(() => r("waited"), 5_000))]);
      expect(answer).not.toBe("waited");
      expect((answer as { status: number }).status).toBe(200);
    } finally {
      release();
      await holder;
      await other.close();
    }
  });
});
