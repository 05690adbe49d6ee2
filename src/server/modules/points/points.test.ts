import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { merchantWallets, transactions, users } from "../../db/schema";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { seeMadeUpPaymentPaid, startMadeUpPayment } from "../../testing/made-up-payments";
import { insertMerchant, signInMerchant } from "../../testing/merchants";

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
    await suite.db.insert(merchantWallets).values({ userId: buyer.id, chainId: -5001, family: "solana", chains: [-5001], address: wallet });
    const seller = await signInMerchant(suite.app);
    await pay(seller.id, 2_000_000n, { payer: wallet });
    await pay(seller.id, 1_000_000n, { payer: wallet.toLowerCase() }); // Solana addresses are case-sensitive: not the buyer's
    expect(await points(buyer)).toEqual({ ...zero, totalPaid: "2", pointsEarned: 2 });
    expect(await points(seller)).toEqual({ ...zero, totalReceived: "3", pointsEarned: 3 });
  });

  it("matches an EVM payer to the attached EVM wallet whatever the letter case", async () => {
    const buyer = await signInMerchant(suite.app);
    const address = `0x${randomBytes(20).toString("hex").toUpperCase()}`;
    await suite.db.insert(merchantWallets).values({ userId: buyer.id, chainId: 31337, family: "evm", chains: [31337], address });
    const sellerId = await insertMerchant(suite.db);
    await pay(sellerId, 1_500_000n, { payer: address.toLowerCase() });
    expect(await points(buyer)).toEqual({ ...zero, totalPaid: "1.5", pointsEarned: 2 });
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
});
