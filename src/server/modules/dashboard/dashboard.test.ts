import { randomBytes } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { merchantWallets, transactions, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { applyFact, createTransaction } from "../../payments/service";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_BACKENDS)("dashboard on %s", (kind) => {
  let database: Database;
  let solana: SolanaSandbox;
  let deps: AppDeps;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    solana = await startSolanaSandbox({ slotMs: 10 });
    deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", SANDBOX_SOL_USD: "100" }, {
      solana: { chainId: -5001, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, mints: solana.mints },
      evm: [],
      stop: async () => {},
    });
    app = createApp(deps);
  });
  afterAll(async () => {
    await solana.stop();
    await database.close();
  });

  const get = async (path: string, m?: Pick<Merchant, "auth">) => {
    const res = await app.request(`/api${path}`, { headers: m?.auth ?? {} });
    return { status: res.status, body: await res.json() };
  };

  /** A payment of `amount` base units (6 decimals unless told), paid (and validated when finalized), its paidAt moved `daysAgo` back. */
  async function paid(m: Merchant, amount: bigint, daysAgo: number, options: { finalized?: boolean; decimals?: number } = {}) {
    const decimals = options.decimals ?? 6;
    const tx = await createTransaction(database.db, {
      productType: "quick-pay",
      productId: null,
      userId: m.id,
      chainId: -5001,
      token: "USDC",
      tokenAddress: MINT,
      decimals,
      recipient: "Merchant11111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      requestedAmount: amount,
      reference: `ref-${randomBytes(8).toString("hex")}`,
      productInfo: { price: "1", currency: "USDC", userCurrency: "USD", useFiat: false, fiat: null, cToken: "USDC" },
    });
    const fact = {
      kind: "transfer" as const,
      chainId: -5001,
      reference: tx.reference,
      signature: `sig-${randomBytes(8).toString("hex")}`,
      instructionIndex: 0,
      payer: "Payer111111111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      mint: MINT,
      amount,
      commitment: "confirmed" as const,
    };
    await applyFact({ db: database.db }, tx.id, fact);
    if (options.finalized ?? true) await applyFact({ db: database.db }, tx.id, { ...fact, commitment: "finalized" });
    const paidAt = new Date(Date.now() - daysAgo * DAY_MS);
    await database.db.update(transactions).set({ paidAt, createdAt: paidAt }).where(eq(transactions.id, tx.id));
    return tx;
  }

  it("answers no consolidated figures before the first payment, and USD at rate 1", async () => {
    const m = await signInMerchant(app);
    const { status, body } = await get("/dashboard", m);
    expect(status).toBe(200);
    expect(body.data).toEqual({ consolidated: null, exchangeRate: "1", billingCurrency: "USD", recent: [] });
  });

  it("sums paid count and volume over 7 days against the 7 before, by day, with the all-time totals", async () => {
    const m = await signInMerchant(app);
    await paid(m, 10_000_000n, 0.1);
    await paid(m, 2_500_000n, 1, { finalized: false }); // paid (confirmed) counts too
    await paid(m, 5_000_000n, 9); // previous period
    await paid(m, 7_000_000_000_000_000_000n, 30, { decimals: 18 }); // old, 18 decimals: only in the all-time total
    // Waiting for money: counted nowhere.
    await createTransaction(database.db, {
      productType: "quick-pay", productId: null, userId: m.id, chainId: -5001, token: "USDC", tokenAddress: MINT, decimals: 6,
      recipient: "Merchant11111111111111111111111111111111111", recipientTokenAccount: ATA, requestedAmount: 99_000_000n, reference: `ref-${randomBytes(8).toString("hex")}`,
    });

    const { status, body } = await get("/dashboard", m);
    expect(status).toBe(200);
    const c = body.data.consolidated;
    expect(c.paid).toEqual({ count: 2, change: 100 });
    expect(c.volume).toEqual({ total: "12.5", change: 150 });
    expect(c.historicalTotal).toBe("24.5");
    expect(c.totalTransactions).toBe(4);
    const days = Object.keys(c.current);
    expect(days.length).toBeGreaterThanOrEqual(7);
    expect(days.length).toBeLessThanOrEqual(8);
    const today = new Date(Date.now() - 0.1 * DAY_MS).toISOString().slice(0, 10);
    expect(c.current[today].count).toBeGreaterThanOrEqual(1);
    expect(Object.values(c.current as Record<string, { paid: string; count: number }>).reduce((n, d) => n + d.count, 0)).toBe(2);
    expect(new Date(c.range.end).getTime() - new Date(c.range.start).getTime()).toBe(7 * DAY_MS);
    expect(body.data.recent.map((r: { amount: string }) => r.amount)).toEqual(["10", "2.5", "5", "7"]);
    expect(body.data.recent[1]).toMatchObject({ type: "quick-pay", status: "paid", token: "USDC" });
  });

  it("lists at most 10 recent payments", async () => {
    const m = await signInMerchant(app);
    for (let i = 0; i < 11; i++) await paid(m, 1_000_000n, i / 10);
    const { body } = await get("/dashboard", m);
    expect(body.data.recent).toHaveLength(10);
    expect(body.data.consolidated.totalTransactions).toBe(11);
  });

  it("gives the exchange rate of a non-USD billing currency (units per USD)", async () => {
    const m = await signInMerchant(app);
    await database.db.update(users).set({ billingCurrency: "EUR" }).where(eq(users.id, m.id));
    const { body } = await get("/dashboard", m);
    // SANDBOX_FIAT_RATES: EUR=1.08 USD, so 1 USD = 0.92592592 EUR.
    expect(body.data).toMatchObject({ exchangeRate: "0.92592592", billingCurrency: "EUR" });
  });

  it("shows no merchant another one's payments", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    await paid(a, 3_000_000n, 0.5);
    const { body } = await get("/dashboard", b);
    expect(body.data.consolidated).toBeNull();
    expect(body.data.recent).toEqual([]);
    expect((await get("/dashboard", a)).body.data.recent).toHaveLength(1);
  });

  it("reads SOL, USDT and USDC of the merchant's Solana wallet, with the USD total; zeros for another merchant", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const owner = Keypair.generate().publicKey.toBase58();
    await database.db.insert(merchantWallets).values({ userId: a.id, chainId: -5001, family: "solana", chains: [-5001], address: owner });
    await solana.airdrop(owner, 1_500_000_000n);
    await solana.mintTokens(owner, solana.mints.USDC, 12_340_000n);
    await solana.mintTokens(owner, solana.mints.USDT, 1_000_000n);

    const mine = await get("/dashboard/balances", a);
    expect(mine.status).toBe(200);
    // 1.5 SOL at 100 USD + 12.34 USDC + 1 USDT.
    expect(mine.body.data).toEqual({ tokenBalances: { SOL: "1.5", USDT: "1", USDC: "12.34" }, totalUSD: "163.34" });
    expect((await get("/dashboard/balances", b)).body.data).toEqual({ tokenBalances: { SOL: "0", USDT: "0", USDC: "0" }, totalUSD: "0.00" });
  });

  it("answers zero balances when the node cannot be read", async () => {
    const m = await signInMerchant(app);
    await database.db.insert(merchantWallets).values({ userId: m.id, chainId: -5001, family: "solana", chains: [-5001], address: Keypair.generate().publicKey.toBase58() });
    const down = createApp({ ...deps, chains: { ...deps.chains, solana: { ...deps.chains.solana!, rpcUrl: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:10" } } });
    const res = await down.request("/api/dashboard/balances", { headers: m.auth });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ tokenBalances: { SOL: "0", USDT: "0", USDC: "0" }, totalUSD: "0.00" });
  });

  it.each(["/dashboard", "/dashboard/balances"])("refuses %s without a session", async (path) => {
    expect((await get(path)).status).toBe(401);
    expect((await get(path, { auth: { authorization: "Bearer not-a-token" } })).status).toBe(401);
  });
});
