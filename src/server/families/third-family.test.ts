import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { NO_CHAINS } from "../chains/runtime";
import { merchantWallets, refunds, transactions } from "../db/schema";
import { watchRefundsOnce } from "../jobs/refund-watcher";
import { startRefund } from "../payments/refunds";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { FAKE_CHAIN_ID, FAKE_USDC, FakeLedger, fakeFamily, fakeSignature } from "../testing/fake-family";
import { checkWalletProof, issueWalletProof } from "../modules/wallets/proofs";
import { callJson } from "../testing/call-json";
import { signInMerchant } from "../testing/merchants";
import { startPayApps, type PayApps } from "../testing/pay-apps";
import { until, webhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver";
import { followChains } from "./follow-chains";
import { registerFamily } from "./index";
import type { Leadership } from "../jobs/leader-lock";

/**
 * The family port's proof: a third family (src/server/testing/fake-family, one folder) joins with
 * one registry line, and a payment on its chain is started by the pay route, credited by its
 * `follow` under the generic per-chain leader, refunded through the generic refund watcher, and
 * webhooked through the outbox, with no other edit anywhere.
 */
describe.each(TEST_BACKENDS)("a third chain family, registered with one line (%s)", (kind) => {
  const ledger = new FakeLedger();
  let database: Database;
  let apps: PayApps;
  let stopApps: () => Promise<void>;
  let hooks: WebhookReceiver;
  let unregister: () => void;
  let following: { leadership: Leadership }[] = [];

  beforeAll(async () => {
    unregister = registerFamily(fakeFamily(ledger));
    database = await openTestDb(kind);
    const started = await startPayApps(database, { env: {}, chains: NO_CHAINS, dataDirPrefix: "zpay-fake-family-" });
    apps = started.apps;
    stopApps = started.stop;
    hooks = await webhookReceiver([200]);
    // The same loop startServer runs: every family × every chain it offers, one leader each.
    following = followChains({
      env: apps.deps.env,
      log: started.log,
      database,
      chains: NO_CHAINS,
      payments: { db: database.db, queue: apps.queue, log: started.log, isSanctioned: () => false },
    });
  }, 60_000);
  afterAll(async () => {
    for (const { leadership } of following) await leadership.stop();
    await hooks?.close();
    await stopApps?.();
    await database?.close();
    unregister?.();
  });

  /** A signed-in merchant with a webhook endpoint, a receiving wallet on the fake chain and one zLink. */
  async function fakeMerchant(address: string) {
    const merchant = await signInMerchant(apps.app);
    const saved = await callJson(apps.app, "POST", "/api/integrations", { endpoint: hooks.url }, merchant.auth);
    expect(saved.status).toBe(200);
    // The wallet route checks addresses with the browser's shared rules (src/lib), which know no fake chain: the row goes in directly.
    await database.db.insert(merchantWallets).values({ userId: merchant.id, chainId: FAKE_CHAIN_ID, family: `chain:${FAKE_CHAIN_ID}`, chains: [FAKE_CHAIN_ID], address });
    const created = await callJson(apps.app, "POST", "/api/quick-pays/create", { label: "Fake coffee", price: "5", currency: "USDC" }, merchant.auth);
    expect(created.status).toBe(201);
    return { merchant, link: created.body.data.info as { hashedId: string } };
  }

  const eventsOf = (payment: string) =>
    hooks.requests.map((r) => JSON.parse(r.body) as { type: string; data: { payment?: string; _id?: string } }).filter((e) => JSON.stringify(e).includes(payment));

  it("is started, credited by its follow, refunded and webhooked through the generic code", async () => {
    const merchantAddress = "fake:00aa11bb22cc";
    const payer = "fake:99887766";
    const { merchant, link } = await fakeMerchant(merchantAddress);

    const bad = await callJson(apps.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: FAKE_CHAIN_ID, token: "USDC", payer: "0xNotFake", sessionId: "session-bad" });
    expect(bad).toMatchObject({ status: 400, body: { code: "invalid_wallet_address" } });
    const started = await callJson(apps.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: FAKE_CHAIN_ID, token: "USDC", payer, sessionId: "session-one" });
    expect(started.status).toBe(200);
    const info = started.body.data;
    expect(info).toMatchObject({ chain: FAKE_CHAIN_ID, address: merchantAddress, tokenAddress: FAKE_USDC, decimals: 6, amountWei: "5000000", memo: "" });
    expect(info.reference).toMatch(/^ref-[0-9a-f]{16}$/);

    ledger.send({ from: payer, to: merchantAddress, token: FAKE_USDC, amount: 5_000_000n, reference: info.reference });
    const row = await until(async () => {
      const [r] = await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment));
      return r?.status === "validated" ? r : undefined;
    }, "the fake payment validated");
    expect(row).toMatchObject({ receivedAmount: 5_000_000n, payer, userId: merchant.id });

    // The refund dialog's balance comes from the family (the ledger), not from a branch on its name.
    const feasible = await callJson(apps.app, "POST", "/api/v2/refunds/feasibility", { paymentId: row.id }, merchant.auth);
    expect(feasible.status).toBe(200);
    expect(feasible.body.data).toMatchObject({ availBalance: "5000000", txAmount: "5000000", to: payer });

    const { refund } = await startRefund(database.db, { userId: merchant.id, paymentId: row.id });
    expect(refund).toMatchObject({ chainId: FAKE_CHAIN_ID, amount: 5_000_000n, sourceTokenAccount: merchantAddress, destinationOwner: payer });
    expect(refund.reference).toMatch(/^ref-/);
    // Not sent yet: the generic refund watcher finds nothing on the fake chain.
    const before = await watchRefundsOnce({ db: database.db, chains: NO_CHAINS, queue: apps.queue, log: apps.deps.log });
    expect(before.confirmed).toBe(0);
    ledger.send({ from: refund.sourceTokenAccount, to: refund.destinationTokenAccount, token: FAKE_USDC, amount: refund.amount, reference: refund.reference });
    const after = await watchRefundsOnce({ db: database.db, chains: NO_CHAINS, queue: apps.queue, log: apps.deps.log });
    expect(after.confirmed).toBe(1);
    const [confirmed] = await database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(confirmed?.status).toBe("confirmed");

    const types = await until(() => {
      const seen = eventsOf(info.payment).map((e) => e.type);
      return ["payment.paid", "payment.validated", "payment.refunded"].every((t) => seen.includes(t)) ? seen : undefined;
    }, "the fake payment's webhooks");
    expect(types).toEqual(expect.arrayContaining(["payment.paid", "payment.validated", "payment.refunded"]));
  });

  it("checks a wallet proof's signature through the family: its own signature passes, another address's or a forged one fails", async () => {
    const merchant = await signInMerchant(apps.app);
    const address = "fake:0a0b0c0d0e";
    const site = { domain: "zpay.test", uri: "https://zpay.test" };
    const prove = async (signature: (message: string) => string) => {
      const challenge = await issueWalletProof(database.db, { userId: merchant.id, chainId: FAKE_CHAIN_ID, address, site });
      return checkWalletProof(database.db, { userId: merchant.id, chainId: FAKE_CHAIN_ID, address, proof: { nonce: challenge.nonce, signature: signature(challenge.message) } });
    };
    await expect(prove((m) => fakeSignature(address, m))).resolves.toBeUndefined();
    await expect(prove((m) => fakeSignature("fake:ffffffffff", m))).rejects.toMatchObject({ code: "invalid_signature" });
    await expect(prove(() => "sig:forged")).rejects.toMatchObject({ code: "invalid_signature" });
  });

  it("a second merchant gets none of the first one's fake payment, and a transfer to the wrong address is not credited", async () => {
    const first = await fakeMerchant("fake:0011223344");
    const second = await fakeMerchant("fake:5566778899");
    const started = await callJson(apps.payments, "POST", `/api/pay/${first.link.hashedId}/start`, { chainId: FAKE_CHAIN_ID, token: "USDC", payer: "fake:aabbccdd", sessionId: "session-two" });
    expect(started.status).toBe(200);
    // The right reference, but paid to the second merchant's address: decide() refuses the credit.
    ledger.send({ from: "fake:aabbccdd", to: "fake:5566778899", token: FAKE_USDC, amount: 5_000_000n, reference: started.body.data.reference });
    await new Promise((r) => setTimeout(r, 300));
    const [r] = await database.db.select().from(transactions).where(eq(transactions.publicId, started.body.data.payment));
    expect(r?.status).toBe("initiated");
    const secondRows = await database.db.select().from(transactions).where(eq(transactions.userId, second.merchant.id));
    expect(secondRows).toEqual([]);
  });
});
