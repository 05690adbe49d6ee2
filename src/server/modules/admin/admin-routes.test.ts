import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { transactions, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { createTransaction, type CreateTransactionInput } from "../../payments/service";
import { recordUnmapped } from "../../payments/unmapped";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { newSolanaKey } from "../../testing/solana-keys";
import { setPermission } from "../merchants";
import { ADMIN_STATS_LIVE_TTL_MS, readAdminStats } from "./stats-cache";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";
const SENDER = "Sender11111111111111111111111111111111111111";

/** Every admin route, as [method, path, body]. */
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ["GET", "/v2/admin-stats/read"],
  ["POST", "/v2/admin-stats/filter", { start: "2026-01-01", end: "2026-01-31" }],
  ["POST", "/v2/admin-stats/clear-cache"],
  ["GET", "/v2/admin-transactions"],
  ["GET", "/v2/admin-transactions/00000000-0000-4000-8000-000000000000/payments"],
  ["POST", "/v2/admin-transactions/00000000-0000-4000-8000-000000000000/map", { paymentId: "00000000-0000-4000-8000-000000000000" }],
  ["GET", "/v2/admin-billing"],
  ["GET", "/v2/admin-billing?format=csv"],
];

describe.each(TEST_BACKENDS)("admin pages' API on %s", (kind) => {
  let database: Database;
  let deps: AppDeps;
  let app: ReturnType<typeof createApp>;
  let operator: Merchant;
  beforeAll(async () => {
    database = await openTestDb(kind);
    deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000" });
    app = createApp(deps);
    operator = await signInMerchant(app);
    // The grant the admin CLI (`npm run admin grant <who> admin_stats`) makes.
    await setPermission(database.db, operator.id, "admin_stats", true);
  });
  afterAll(() => database.close());

  const call = (method: string, path: string, m?: Pick<Merchant, "auth">, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, operator, body);
    return { status: res.status, body: await res.json() };
  };

  /** A payment of `m`, created at `createdAt`, in `status` (paid ones paid then, `amount` received). */
  async function payment(m: Merchant, createdAt: string, status: "initiated" | "paid" | "validated" | "failed", over: Partial<CreateTransactionInput> = {}) {
    const tx = await createTransaction(database.db, {
      productType: "collect",
      productId: null,
      userId: m.id,
      chainId: -5001,
      token: "USDC",
      tokenAddress: MINT,
      decimals: 6,
      recipient: "Merchant11111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      requestedAmount: 10_000_000n,
      reference: `ref-${randomBytes(8).toString("hex")}`,
      ...over,
    });
    const at = new Date(createdAt);
    const paid = status === "paid" || status === "validated";
    await database.db
      .update(transactions)
      .set({ status, createdAt: at, lockedAt: at, paidAt: paid ? at : null, receivedAmount: paid ? tx.requestedAmount : null, ...(status === "failed" ? { failureReason: "expired", failedAt: at } : {}) })
      .where(eq(transactions.id, tx.id));
    return tx;
  }
  const createdOn = (m: Merchant, at: string) => database.db.update(users).set({ createdAt: new Date(at) }).where(eq(users.id, m.id));

  it("refuses every admin route to a merchant without admin_stats with 403 (not 401), and to nobody with 401", async () => {
    const merchant = await signInMerchant(app);
    for (const [method, path, body] of ADMIN_ROUTES) {
      const refused = await call(method, path, merchant, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "permission_denied" });
      expect((await call(method, path, undefined, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    // The grant opens them; revoking closes them again at once (permissions are read per request).
    await setPermission(database.db, merchant.id, "admin_stats", true);
    expect((await call("GET", "/v2/admin-stats/read", merchant)).status).toBe(200);
    await setPermission(database.db, merchant.id, "admin_stats", false);
    expect((await call("GET", "/v2/admin-stats/read", merchant)).status).toBe(403);
  });

  it("sums every merchant's payments of the range by status, chain and day, with merchants new and active", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    await createdOn(a, "2024-03-02T10:00:00Z");
    await payment(a, "2024-03-01T00:00:00Z", "validated"); // first instant of the range
    await payment(a, "2024-03-01T23:59:59Z", "paid", { requestedAmount: 2_500_000n });
    await payment(b, "2024-03-03T12:00:00Z", "validated", { chainId: 8453, token: "USDC", tokenAddress: "0xusdc", decimals: 18, requestedAmount: 5n * 10n ** 18n });
    await payment(b, "2024-03-03T13:00:00Z", "initiated");
    await payment(b, "2024-03-02T13:00:00Z", "failed");
    await payment(a, "2024-02-29T23:59:59Z", "validated"); // the day before
    await payment(b, "2024-03-04T00:00:00Z", "validated"); // the day after the end

    const { status, body } = await json("POST", "/v2/admin-stats/filter", { start: "2024-03-01", end: "2024-03-03" });
    expect(status).toBe(200);
    const stats = body.data;
    expect(stats.range).toEqual({ start: "2024-03-01", end: "2024-03-03" });
    expect(stats.payments).toBe(5);
    expect(stats.paid).toEqual({ count: 3, volume: "17.5" });
    expect(stats.byStatus).toEqual({
      failed: { count: 1, volume: "0" },
      initiated: { count: 1, volume: "0" },
      paid: { count: 1, volume: "2.5" },
      validated: { count: 2, volume: "15" },
    });
    expect(stats.byChain).toEqual([
      { chain: -5001, count: 4, volume: "12.5" },
      { chain: 8453, count: 1, volume: "5" },
    ]);
    expect(stats.days).toEqual({
      "2024-03-01": { paid: "12.5", count: 2 },
      "2024-03-02": { paid: "0", count: 0 },
      "2024-03-03": { paid: "5", count: 1 },
    });
    expect(stats.merchants).toMatchObject({ new: 1, active: 2 });
    expect(stats.merchants.total).toBeGreaterThanOrEqual(3);
    expect(stats.cached).toBe(false);
  });

  it("serves a range from the database cache until it is refreshed or the cache is cleared", async () => {
    const m = await signInMerchant(app);
    await payment(m, "2023-06-10T08:00:00Z", "validated");
    const range = "start=2023-06-01&end=2023-06-30";
    const first = await json("GET", `/v2/admin-stats/read?${range}`);
    expect(first.body.data).toMatchObject({ cached: false, paid: { count: 1, volume: "10" } });

    await payment(m, "2023-06-11T08:00:00Z", "validated");
    const kept = await json("GET", `/v2/admin-stats/read?${range}`);
    expect(kept.body.data).toMatchObject({ cached: true, paid: { count: 1 }, computedAt: first.body.data.computedAt });

    const cleared = await json("POST", "/v2/admin-stats/clear-cache");
    expect(cleared.status).toBe(200);
    expect(cleared.body.success).toBe(true);
    expect(cleared.body.cleared).toBeGreaterThanOrEqual(1);
    const fresh = await json("GET", `/v2/admin-stats/read?${range}`);
    expect(fresh.body.data).toMatchObject({ cached: false, paid: { count: 2, volume: "20" } });

    await payment(m, "2023-06-12T08:00:00Z", "paid");
    const filtered = await json("POST", "/v2/admin-stats/filter", { start: "2023-06-01", end: "2023-06-30" });
    expect(filtered.body.data).toMatchObject({ cached: false, paid: { count: 3 } });
    expect((await json("GET", `/v2/admin-stats/read?${range}`)).body.data).toMatchObject({ cached: true, paid: { count: 3 } });
  });

  it("keeps a range reaching today for five minutes only; a past range until the cache is cleared", async () => {
    // "Today" is 2020-06-15 for these reads (the cache compares against the `now` it is given).
    const now = new Date("2020-06-15T12:00:00Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    const live = { start: "2020-06-15", end: "2020-06-15" };
    expect((await readAdminStats(database.db, live, now)).cached).toBe(false);
    expect((await readAdminStats(database.db, live, at(ADMIN_STATS_LIVE_TTL_MS - 1000))).cached).toBe(true);
    expect((await readAdminStats(database.db, live, at(ADMIN_STATS_LIVE_TTL_MS + 1000))).cached).toBe(false);
    const past = { start: "2020-05-01", end: "2020-05-31" };
    expect((await readAdminStats(database.db, past, now)).cached).toBe(false);
    expect((await readAdminStats(database.db, past, at(365 * 24 * 3600 * 1000))).cached).toBe(true);
  });

  it("opens on the last 30 days", async () => {
    const { status, body } = await json("GET", "/v2/admin-stats/read");
    expect(status).toBe(200);
    expect(Object.keys(body.data.days)).toHaveLength(30);
    expect(body.data.range.end).toBe(new Date().toISOString().slice(0, 10));
  });

  it("refuses bad ranges with 400", async () => {
    const bad: [string, string, unknown?][] = [
      ["GET", "/v2/admin-stats/read?start=2026-03-02&end=2026-03-01"],
      ["GET", "/v2/admin-stats/read?start=2026-02-30&end=2026-03-01"],
      ["GET", "/v2/admin-stats/read?start=01/03/2026"],
      ["GET", "/v2/admin-stats/read?start=2024-01-01&end=2025-01-01"], // 367 days
      ["POST", "/v2/admin-stats/filter", { start: "2026-01-01" }],
      ["POST", "/v2/admin-stats/filter", { start: "2026-01-01", end: "x".repeat(50) }],
      ["POST", "/v2/admin-stats/filter", { start: "2026-01-01", end: "2025-12-31" }],
      ["GET", "/v2/admin-billing?from=2026-13&to=2026-12"],
      ["GET", "/v2/admin-billing?from=2026-05&to=2026-04"],
      ["GET", "/v2/admin-billing?from=2020-01&to=2026-01"],
      ["GET", "/v2/admin-billing?format=xml"],
    ];
    for (const [method, path, body] of bad) {
      const res = await call(method, path, operator, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await json("GET", "/v2/admin-stats/read?start=2024-01-01&end=2024-12-31")).status).toBe(200); // 366 days: allowed
  });

  it("bills paid volume per merchant per month of payment, as JSON and CSV, within the months asked", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    await database.db.update(users).set({ email: "shop@a.test" }).where(eq(users.id, a.id));
    await payment(a, "2022-01-05T00:00:00Z", "validated");
    await payment(a, "2022-01-31T23:59:59Z", "paid", { chainId: 8453, tokenAddress: "0xusdc", decimals: 18, requestedAmount: 3n * 10n ** 18n });
    await payment(b, "2022-01-10T00:00:00Z", "validated", { requestedAmount: 50_000_000n });
    await payment(b, "2022-02-01T00:00:00Z", "validated");
    await payment(b, "2022-02-02T00:00:00Z", "failed"); // never paid: not billed
    await payment(a, "2022-03-01T00:00:00Z", "validated"); // after the range

    const { status, body } = await json("GET", "/v2/admin-billing?from=2022-01&to=2022-02");
    expect(status).toBe(200);
    expect(body.data.map((r: { month: string; merchant: { _id: string }; count: number; volume: string }) => [r.month, r.merchant._id, r.count, r.volume])).toEqual([
      ["2022-01", b.id, 1, "50"],
      ["2022-01", a.id, 2, "13"],
      ["2022-02", b.id, 1, "10"],
    ]);
    expect(body.data[1].merchant).toEqual({ _id: a.id, publicKey: a.key.address, email: "shop@a.test" });

    const csv = await call("GET", "/v2/admin-billing?from=2022-01&to=2022-02&format=csv", operator);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("billing.csv");
    expect((await csv.text()).trim().split("\n")).toEqual([
      "Month,Merchant ID,Public key,E-mail,Payments,Volume (USD)",
      `2022-01,${b.id},${b.key.address},,1,50`,
      `2022-01,${a.id},${a.key.address},shop@a.test,2,13`,
      `2022-02,${b.id},${b.key.address},,1,10`,
    ]);
  });

  it("lists every merchant's unmapped inflows and maps one to a payment of its own merchant only", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    // Each merchant receives at a token account of its own (other tests' payments name ATA): an
    // account named by two merchants' payments has no owner, and its inflows map to nobody.
    const [aAccount, bAccount] = [newSolanaKey().address, newSolanaKey().address];
    const accountOf = (m: Merchant) => (m.id === a.id ? aAccount : bAccount);
    const inflow = async (m: Merchant) =>
      (await recordUnmapped(database.db, {
        userId: m.id, chainId: -5001, tokenAddress: MINT, recipientTokenAccount: accountOf(m), signature: `sig-${randomBytes(8).toString("hex")}`,
        instructionIndex: 0, innerIndex: -1, source: "SenderAta", payer: SENDER, amount: 10_000_000n, memos: [],
      }))!.row;
    const ofA = await inflow(a);
    const ofB = await inflow(b);
    const open = await payment(a, new Date().toISOString(), "initiated", { recipientTokenAccount: aAccount });
    const othersOpen = await payment(b, new Date().toISOString(), "initiated", { recipientTokenAccount: bAccount });

    const listed = await json("GET", "/v2/admin-transactions");
    expect(listed.status).toBe(200);
    const mine = listed.body.data.filter((r: { _id: string }) => r._id === ofA.id || r._id === ofB.id);
    expect(mine.map((r: { _id: string; merchant: { _id: string } }) => [r._id, r.merchant._id]).sort()).toEqual([[ofA.id, a.id], [ofB.id, b.id]].sort());
    expect(mine.find((r: { _id: string }) => r._id === ofA.id)).toMatchObject({ amount: { value: "10000000", currency: "USDC" }, sender: SENDER, merchant: { publicKey: a.key.address } });

    const offered = await json("GET", `/v2/admin-transactions/${ofA.id}/payments`);
    expect(offered.body.data.map((p: { _id: string }) => p._id)).toEqual([open.id]);

    // An inflow of A can't pay B's payment: 404 as for the merchant, nothing credited.
    const crossed = await call("POST", `/v2/admin-transactions/${ofA.id}/map`, operator, { paymentId: othersOpen.id });
    expect(crossed.status).toBe(404);
    const [untouched] = await database.db.select().from(transactions).where(eq(transactions.id, othersOpen.id));
    expect(untouched.status).toBe("initiated");

    const mapped = await json("POST", `/v2/admin-transactions/${ofA.id}/map`, { paymentId: open.id });
    expect(mapped.status).toBe(200);
    expect(mapped.body.data.info).toMatchObject({ _id: open.id, status: "validated", hash: ofA.signature });
    expect((await json("GET", "/v2/admin-transactions")).body.data.some((r: { _id: string }) => r._id === ofA.id)).toBe(false);
    // Twice: the inflow left the list.
    expect((await call("POST", `/v2/admin-transactions/${ofA.id}/map`, operator, { paymentId: open.id })).status).toBe(404);
    expect((await call("GET", "/v2/admin-transactions/not-a-uuid/payments", operator)).status).toBe(404);
    expect((await call("POST", `/v2/admin-transactions/${ofB.id}/map`, operator, {})).status).toBe(400);
  });

  it("lets a sandbox merchant self-grant admin_stats only when SANDBOX_ADMIN_GRANT is on", async () => {
    const m = await signInMerchant(app);
    const off = await call("POST", "/sandbox/grant-admin", m);
    expect(off.status).toBe(403);
    expect(await off.json()).toMatchObject({ code: "sandbox_only" });
    expect((await call("GET", "/v2/admin-stats/read", m)).status).toBe(403);

    const granting = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", SANDBOX_ADMIN_GRANT: "true" }));
    expect((await granting.request("/api/sandbox/grant-admin", { method: "POST" })).status).toBe(401);
    const on = await granting.request("/api/sandbox/grant-admin", { method: "POST", headers: m.auth });
    expect(on.status).toBe(200);
    expect((await on.json()).data.permissions).toContain("admin_stats");
    expect((await call("GET", "/v2/admin-stats/read", m)).status).toBe(200);
    expect(() => testDeps(database, { ZPAY_MODE: "production", SANDBOX_ADMIN_GRANT: "true" })).toThrow(/SANDBOX_ADMIN_GRANT/);
  });

  it("keeps the statistics on aggregate queries (the range index exists on both backends)", async () => {
    const rows = (await database.db.execute(sql`select indexname from pg_indexes where tablename = 'transactions' and indexname in ('transactions_created_idx', 'transactions_paid_at_idx')`)) as unknown as { rows: { indexname: string }[] };
    expect(rows.rows.map((r) => r.indexname).sort()).toEqual(["transactions_created_idx", "transactions_paid_at_idx"]);
  });
});
