import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { COUNTED_STATUSES, sumPoints, type PointsPayment } from "@/lib/points";
import type { Db } from "../../db/client";
import { merchantWallets, transactions, users } from "../../db/schema";
import type { PaymentStatus } from "@/lib/payment-status";
import { sqlLiteral } from "../../db/inline-sql";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { seeMadeUpPaymentPaid, startMadeUpPayment } from "../../testing/made-up-payments";
import { insertMerchant, signInMerchant } from "../../testing/merchants";
import { pointsSums, sentSumsQuery, walletAddresses } from "./service";

/**
 * The reference: the per-row computation GET /points did before it summed in SQL (every counted
 * payment loaded, then the rule applied one by one). pointsSums must give the same totals.
 */
async function pointsPaymentsOneByOne(db: Db, userId: string): Promise<PointsPayment[]> {
  const amountOf = sql<string>`coalesce(${transactions.receivedAmount}, ${transactions.requestedAmount})::text`;
  const counted = inArray(transactions.status, [...COUNTED_STATUSES]);
  const own = await db
    .select({ ramp: transactions.ramp, token: transactions.token, decimals: transactions.decimals, amount: amountOf })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), counted));
  const wallets = await db
    .select({ family: merchantWallets.family, address: merchantWallets.address })
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, userId), isNotNull(merchantWallets.provenAt)));
  // The test's own model, apart from the family port: hex (EVM) addresses compare lowercased, the rest exactly.
  const hex = new Set(["evm"]);
  const exact = wallets.filter((w) => !hex.has(w.family)).map((w) => w.address);
  const lower = wallets.filter((w) => hex.has(w.family)).map((w) => w.address.toLowerCase());
  const sent =
    exact.length + lower.length === 0
      ? []
      : await db
          .select({ token: transactions.token, decimals: transactions.decimals, amount: amountOf })
          .from(transactions)
          .where(
            and(
              counted,
              sql`(${exact.length ? inArray(transactions.payer, exact) : sql`false`} or ${lower.length ? inArray(sql`lower(${transactions.payer})`, lower) : sql`false`})`,
            ),
          );
  return [
    ...own.map((r) => ({ kind: r.ramp ? ("ramp" as const) : ("received" as const), token: r.token, decimals: r.decimals, amount: BigInt(r.amount) })),
    ...sent.map((r) => ({ kind: "sent" as const, token: r.token, decimals: r.decimals, amount: BigInt(r.amount) })),
  ];
}

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const zero = { totalReceived: "0", totalPaid: "0", rampPayments: "0", pointsEarned: 0, peopleReferred: 0, refereePoints: 0, referralBoost: "20%" };

describe.each(TEST_BACKENDS)("points on %s", (kind) => {
  const suite = appSuite(kind);

  const points = async (m: Pick<Merchant, "auth">) => {
    const res = await suite.app.request("/api/points", { headers: m.auth });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };

  /** A payment to `userId` of `amount` USDC base units, taken through the payment rules to paid (and validated when `finalized`). */
  async function pay(userId: string, amount: bigint, options: { finalized?: boolean; payer?: string } = {}) {
    const tx = await startMadeUpPayment(suite.db, userId, { requestedAmount: amount });
    await seeMadeUpPaymentPaid(suite.db, tx, options);
    return tx;
  }

  it("starts at zero with the fixed referral boost", async () => {
    expect(await points(await signInMerchant(suite.app))).toEqual(zero);
  });

  it("counts paid and validated payments received, 1 point per dollar, and rounds the total up", async () => {
    const m = await signInMerchant(suite.app);
    await pay(m.id, 12_500_000n); // validated
    await pay(m.id, 250_000n, { finalized: false }); // paid
    const initiated = await startMadeUpPayment(suite.db, m.id, { requestedAmount: 99_000_000n });
    expect(initiated.status).toBe("initiated");
    expect(await points(m)).toEqual({ ...zero, totalReceived: "12.75", pointsEarned: 13 });
  });

  it("counts nothing for a failed payment", async () => {
    const m = await signInMerchant(suite.app);
    const tx = await pay(m.id, 5_000_000n);
    await suite.db.update(transactions).set({ status: "failed" }).where(eq(transactions.id, tx.id));
    expect(await points(m)).toEqual(zero);
  });

  it("counts 2 points per dollar through the ramp, not again as received", async () => {
    const m = await signInMerchant(suite.app);
    const tx = await pay(m.id, 3_000_000n);
    await suite.db.update(transactions).set({ ramp: true }).where(eq(transactions.id, tx.id));
    expect(await points(m)).toEqual({ ...zero, rampPayments: "6", pointsEarned: 6 });
  });

  it("counts payments sent from the merchant's attached wallet to another merchant as points sent", async () => {
    const buyer = await signInMerchant(suite.app);
    const wallet = `Buyer${randomBytes(8).toString("hex")}`;
    await suite.db.insert(merchantWallets).values({ userId: buyer.id, chainId: -5001, family: "solana", chains: [-5001], address: wallet, type: "solana", provenAt: new Date() });
    const seller = await signInMerchant(suite.app);
    await pay(seller.id, 2_000_000n, { payer: wallet });
    await pay(seller.id, 1_000_000n, { payer: wallet.toLowerCase() }); // Solana addresses are case-sensitive: not the buyer's
    expect(await points(buyer)).toEqual({ ...zero, totalPaid: "2", pointsEarned: 2 });
    expect(await points(seller)).toEqual({ ...zero, totalReceived: "3", pointsEarned: 3 });
  });

  it("matches an EVM payer to the attached EVM wallet whatever the letter case", async () => {
    const buyer = await signInMerchant(suite.app);
    const address = `0x${randomBytes(20).toString("hex").toUpperCase()}`;
    await suite.db.insert(merchantWallets).values({ userId: buyer.id, chainId: 31337, family: "evm", chains: [31337], address, type: "metamask", provenAt: new Date() });
    const sellerId = await insertMerchant(suite.db);
    await pay(sellerId, 1_500_000n, { payer: address.toLowerCase() });
    expect(await points(buyer)).toEqual({ ...zero, totalPaid: "1.5", pointsEarned: 2 });
  });

  it("points sent count only proved wallets: merchant B who typed in merchant A's address gets nothing for what A's wallet pays", async () => {
    const [a, b] = [await signInMerchant(suite.app), await signInMerchant(suite.app)];
    const solana = `Shared${randomBytes(8).toString("hex")}`;
    const evm = `0x${randomBytes(20).toString("hex")}`;
    // A connected and signed for both; B typed them in (old data: attached before addresses had one owner).
    await suite.db.insert(merchantWallets).values([
      { userId: a.id, chainId: -5001, family: "solana", chains: [-5001], address: solana, type: "solana", provenAt: new Date() },
      { userId: a.id, chainId: 31337, family: "evm", chains: [31337], address: evm, type: "metamask", provenAt: new Date() },
      { userId: b.id, chainId: -5001, family: "solana", chains: [-5001], address: solana, type: "manual" },
      { userId: b.id, chainId: 31337, family: "evm", chains: [31337], address: evm, type: "manual" },
    ]);
    const seller = await insertMerchant(suite.db);
    await pay(seller, 2_000_000n, { payer: solana });
    await pay(seller, 3_000_000n, { payer: evm });
    expect(await points(a)).toEqual({ ...zero, totalPaid: "5", pointsEarned: 5 });
    expect(await points(b)).toEqual(zero);
  });

  it("counts the people referred; a second merchant sees only their own points", async () => {
    const first = await signInMerchant(suite.app);
    await pay(first.id, 7_000_000n);
    for (let i = 0; i < 2; i++) {
      const referee = await insertMerchant(suite.db);
      await suite.db.update(users).set({ referredBy: first.id }).where(eq(users.id, referee));
    }
    const second = await signInMerchant(suite.app);
    expect(await points(first)).toEqual({ ...zero, totalReceived: "7", pointsEarned: 7, peopleReferred: 2 });
    expect(await points(second)).toEqual(zero);
  });

  it("refuses a request without a session (401), with an unknown token (401) and before the terms (403)", async () => {
    const none = await suite.app.request("/api/points");
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe("Sign in to continue");
    const forged = await suite.app.request("/api/points", { headers: { authorization: "Bearer nope" } });
    expect(forged.status).toBe(401);
    expect((await forged.json()).message).toBe("Current logged-in session has expired, please login again");
    const m = await signInMerchant(suite.app, { acceptTerms: false });
    const early = await suite.app.request("/api/points", { headers: m.auth });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe("terms_not_accepted");
  });

  /** Two merchants, each with a Solana and an EVM wallet attached. */
  async function twoMerchantsWithWallets() {
    return Promise.all(
      [0, 1].map(async () => {
        const id = await insertMerchant(suite.db);
        const solana = `Sol${randomBytes(12).toString("hex")}Ab`;
        const evm = `0x${randomBytes(20).toString("hex")}`.replace(/[a-f]/, (c) => c.toUpperCase());
        await suite.db.insert(merchantWallets).values([
          { userId: id, chainId: -5001, family: "solana", chains: [-5001], address: solana, type: "solana", provenAt: new Date() },
          { userId: id, chainId: 31337, family: "evm", chains: [31337], address: evm, type: "metamask", provenAt: new Date() },
        ]);
        return { id, solana, evm };
      }),
    );
  }

  it("sums in the database exactly what the rule gives payment by payment (random payments of two merchants and their wallets)", async () => {
    const row = fc.record({
      owner: fc.constantFrom(0, 1, 2),
      status: fc.constantFrom<PaymentStatus>("initiated", "paid", "validated", "failed"),
      ramp: fc.boolean(),
      token: fc.constantFrom("USDC", "USDT", "usdc", "SOL"),
      decimals: fc.constantFrom(0, 6, 9, 18),
      requested: fc.bigInt({ min: 1n, max: 10n ** 24n }),
      received: fc.option(fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 24n })), { nil: null }),
      payer: fc.constantFrom("none", "other", "sol0", "sol0-lower", "evm0", "evm0-upper", "sol1", "evm1-lower"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 14 }), async (rows) => {
        const merchants = await twoMerchantsWithWallets();
        const third = await insertMerchant(suite.db);
        const payerOf = (p: string) =>
          ({
            none: null,
            other: `Other${randomBytes(6).toString("hex")}`,
            sol0: merchants[0]!.solana,
            "sol0-lower": merchants[0]!.solana.toLowerCase(),
            evm0: merchants[0]!.evm,
            "evm0-upper": merchants[0]!.evm.toUpperCase().replace("0X", "0x"),
            sol1: merchants[1]!.solana,
            "evm1-lower": merchants[1]!.evm.toLowerCase(),
          })[p]!;
        for (const r of rows) {
          const tx = await startMadeUpPayment(suite.db, [merchants[0]!.id, merchants[1]!.id, third][r.owner]!, { requestedAmount: r.requested, token: r.token, decimals: r.decimals });
          await suite.db.update(transactions).set({ status: r.status, ramp: r.ramp, receivedAmount: r.received, payer: payerOf(r.payer) }).where(eq(transactions.id, tx.id));
        }
        for (const id of [merchants[0]!.id, merchants[1]!.id, third]) {
          expect(sumPoints(await pointsSums(suite.db, id))).toEqual(sumPoints(await pointsPaymentsOneByOne(suite.db, id)));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("answers sums, not payments: one row per kind, token and decimals", async () => {
    const [m] = await twoMerchantsWithWallets();
    for (const amount of [1_000_000n, 2_000_000n, 3_000_000n]) await pay(m!.id, amount);
    for (const amount of [4_000_000n, 5_000_000n]) await pay(await insertMerchant(suite.db), amount, { payer: m!.solana });
    expect(await pointsSums(suite.db, m!.id)).toEqual([
      { kind: "received", token: "USDC", decimals: 6, amount: 6_000_000n },
      { kind: "sent", token: "USDC", decimals: 6, amount: 9_000_000n },
    ]);
  });

  it("never counts another merchant's payments: received, ramp, or sent from that merchant's wallets", async () => {
    const [a, b] = await twoMerchantsWithWallets();
    const rampTx = await pay(b!.id, 9_000_000n);
    await suite.db.update(transactions).set({ ramp: true }).where(eq(transactions.id, rampTx.id));
    await pay(b!.id, 8_000_000n); // received by b
    await pay(b!.id, 7_000_000n, { payer: b!.solana }); // b paying b, from b's wallet
    await pay(await insertMerchant(suite.db), 6_000_000n, { payer: b!.evm.toLowerCase() }); // b's EVM wallet paying a third merchant
    expect(await pointsSums(suite.db, a!.id)).toEqual([]);
    await pay(a!.id, 1_000_000n, { payer: b!.solana }); // b paying a: a received it, b sent it
    expect(sumPoints(await pointsSums(suite.db, a!.id))).toEqual({ received: 10n ** 18n, sent: 0n, ramp: 0n });
    expect(sumPoints(await pointsSums(suite.db, b!.id))).toEqual({ received: 15n * 10n ** 18n, sent: 14n * 10n ** 18n, ramp: 18n * 10n ** 18n });
  });

  it("looks the payers up through the lower(payer) index", async () => {
    const [m] = await twoMerchantsWithWallets();
    const query = sentSumsQuery(suite.db, await walletAddresses(suite.db, m!.id)).toSQL();
    // With sequential scans priced out, the plan shows whether an index can serve the lookup at all.
    const plan = await suite.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = (await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as unknown as { rows: { "QUERY PLAN": string }[] };
      return explained.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("transactions_payer_lower_idx");
  });
});

/** A query's text with its $n parameters written in as literals (EXPLAIN takes no parameters). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)\b/g, (_, n: string) => ` ${sqlLiteral(params[Number(n) - 1])} `);
}
