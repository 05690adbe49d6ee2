import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { Database } from "../../db/client";
import { paymentCredits, transactions, unmappedTransfers } from "../../db/schema";
import { withWebhookEnqueue } from "../../jobs/payment-sink";
import { scanReceivingAccounts } from "../../jobs/receiving-account-scan";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until, webhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";
import { refreshedListPath } from "../sanctions/list";
import { payerScreen } from "../sanctions/service";
import { callJson, fundedPayer, merchantWithLink, pay, startPayFixture, type PayFixture } from "../../testing/pay-fixture";

/**
 * The payment core against a hostile payer, on the real local Solana network: dust with someone
 * else's reference, a sanctioned wallet paying what a clean one started, money sent with no
 * reference or after the watcher stopped looking.
 */
describe.each(TEST_BACKENDS)("payments under attack on the local Solana network (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database);
    hooks = await webhookReceiver([200]);
  }, 60_000);
  afterAll(async () => {
    await hooks?.close();
    await f?.stop();
    await database?.close();
  });

  const start = (id: string, payer: string, extra: Record<string, unknown> = {}) =>
    callJson(f.payments, "POST", `/api/pay/${id}/start`, { chainId: -5001, token: "USDC", payer, sessionId: `session-${payer.slice(0, 12)}`, ...extra });
  const progress = async (payment: string) => (await callJson(f.payments, "GET", `/api/pay/transactions/${payment}`)).body?.data;
  const row = async (publicId: string) => (await database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]!;
  const statusBecomes = (payment: string, status: string) =>
    until(async () => ((await progress(payment))?.status === status ? progress(payment) : undefined), `${payment} ${status}`);
  const hookOf = (type: string, match: (data: Record<string, unknown>) => boolean) =>
    until(() => {
      const found = hooks.requests.map((r) => JSON.parse(r.body)).find((b) => b.type === type && match(b.data));
      return found;
    }, `${type} webhook`);
  const scan = () =>
    scanReceivingAccounts({
      db: database.db,
      connection: new Connection(f.solana.rpcUrl, "finalized"),
      chainId: -5001,
      mints: Object.values(f.solana.mints),
      payments: withWebhookEnqueue({ db: database.db, queue: f.queue, isSanctioned: payerScreen(f.dataDir) }),
    });
  const finalized = () => new Promise((r) => setTimeout(r, 600)); // 32 slots of 10 ms, with room

  it("dust sent with the payer's reference does not block the payment: the full transfer still validates it", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedPayer(f);
    const attacker = await fundedPayer(f);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    await pay(f, attacker, info, { info: { amountWei: "1" } });
    await until(async () => ((await row(info.payment)).receivedAmount === 1n ? true : undefined), "dust credited");
    expect((await progress(info.payment)).status).toBe("initiated");
    const real = await pay(f, payer, info);
    const done = await statusBecomes(info.payment, "validated");
    expect(done).toMatchObject({ hash: real, receivedAmount: "10000001", amountMismatch: "over" });
    const stored = await row(info.payment);
    expect(stored.payer).toBe(payer.publicKey.toBase58());
    expect(await database.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, stored.id))).toHaveLength(2);
  });

  it("a sanctioned wallet paying a payment a clean wallet started: money recorded, payment held as failed sanctioned, merchant told", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const clean = await fundedPayer(f);
    const listed = await fundedPayer(f);
    fs.writeFileSync(refreshedListPath(f.dataDir), JSON.stringify({ source: "test", updatedAt: "", addresses: [listed.publicKey.toBase58()] }));
    try {
      // Started as the clean wallet: the start's own screening passes.
      const started = await start(link.hashedId, clean.publicKey.toBase58());
      expect(started.status).toBe(200);
      const info: PaymentTransactionInfo = started.body.data;
      const signature = await pay(f, listed, info);
      const held = await statusBecomes(info.payment, "failed");
      expect(held).toMatchObject({ failureReason: "sanctioned" });
      const stored = await row(info.payment);
      expect(stored.paidAt).toBeNull();
      expect(await database.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, stored.id))).toMatchObject([
        { signature, held: true, payer: listed.publicKey.toBase58() },
      ]);
      await hookOf("payment.held", (d) => d.publicId === info.payment);
      await hookOf("payment.failed", (d) => d.publicId === info.payment && d.failureReason === "sanctioned");
      await finalized();
      expect((await progress(info.payment)).status).toBe("failed"); // finality does not release it
    } finally {
      fs.rmSync(refreshedListPath(f.dataDir), { force: true });
    }
  });

  /** A clean wallet's transfer from its own token account, signed or paid for by a listed key too. */
  const listedAlongside: [string, (listed: Keypair, clean: Keypair) => Parameters<typeof pay>[3]][] = [
    ["the listed key pays the fee", (listed) => ({ transaction: (tx) => void (tx.feePayer = listed.publicKey), cosigners: [listed] })],
    [
      "the listed key co-signs",
      (listed, clean) => ({
        transaction: (tx) => void tx.add(SystemProgram.transfer({ fromPubkey: listed.publicKey, toPubkey: clean.publicKey, lamports: 1 })),
        cosigners: [listed],
      }),
    ],
  ];

  it.each(listedAlongside)("a listed fee payer / co-signer paying from a clean source account is held: %s", async (attack, tamper) => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const clean = await fundedPayer(f);
    const listed = await fundedPayer(f, 0n);
    fs.writeFileSync(refreshedListPath(f.dataDir), JSON.stringify({ source: "test", updatedAt: "", addresses: [listed.publicKey.toBase58()] }));
    try {
      // Started and paid from the clean wallet's own token account: the transfer names only the clean wallet.
      const info: PaymentTransactionInfo = (await start(link.hashedId, clean.publicKey.toBase58())).body.data;
      const signature = await pay(f, clean, info, tamper(listed, clean));
      const creditsOf = async (id: string) => database.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, id));
      const stored = await until(async () => {
        const r = await row(info.payment);
        return (await creditsOf(r.id)).length > 0 ? r : undefined;
      }, `${attack}: credited`);
      expect({ status: stored.status, failureReason: stored.failureReason }).toEqual({ status: "failed", failureReason: "sanctioned" });
      expect(await creditsOf(stored.id)).toMatchObject([{ signature, held: true, payer: clean.publicKey.toBase58() }]);
      await hookOf("payment.held", (d) => d.publicId === info.payment);
      await finalized();
      expect((await progress(info.payment)).status).toBe("failed"); // finality does not release it
    } finally {
      fs.rmSync(refreshedListPath(f.dataDir), { force: true });
    }
  });

  it("a transfer with no reference whose fee payer is listed is recorded unmapped with every party, for the map to screen", async () => {
    const { receiving } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const sender = await fundedPayer(f);
    const listed = await fundedPayer(f, 0n);
    const mint = new PublicKey(f.solana.mints.USDC);
    const to = getAssociatedTokenAddressSync(mint, new PublicKey(receiving), true);
    await f.solana.mintTokens(receiving, f.solana.mints.USDC, 0n); // the merchant's token account exists
    const { blockhash, lastValidBlockHeight } = await f.connection.getLatestBlockhash("confirmed");
    const tx = new Transaction({ feePayer: listed.publicKey, blockhash, lastValidBlockHeight }).add(
      createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, sender.publicKey), mint, to, sender.publicKey, 1_500_000n, 6),
    );
    tx.sign(listed, sender);
    const signature = await f.connection.sendRawTransaction(tx.serialize());
    await f.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
    await finalized();
    const recorded = await until(async () => {
      await scan();
      return (await database.db.select().from(unmappedTransfers).where(eq(unmappedTransfers.signature, signature)))[0];
    }, "the inflow recorded unmapped");
    expect(recorded).toMatchObject({ payer: sender.publicKey.toBase58(), amount: 1_500_000n });
    expect(new Set(recorded.parties)).toEqual(new Set([sender.publicKey.toBase58(), listed.publicKey.toBase58()]));
  });

  it("money sent to a merchant with no reference is recorded as unmapped, once, with an event", async () => {
    const { merchant, receiving } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const sender = await fundedPayer(f);
    const mint = new PublicKey(f.solana.mints.USDC);
    const to = getAssociatedTokenAddressSync(mint, new PublicKey(receiving), true);
    const from = getAssociatedTokenAddressSync(mint, sender.publicKey);
    await f.solana.mintTokens(receiving, f.solana.mints.USDC, 0n); // the merchant's token account exists
    const { blockhash, lastValidBlockHeight } = await f.connection.getLatestBlockhash("confirmed");
    const tx = new Transaction({ feePayer: sender.publicKey, blockhash, lastValidBlockHeight }).add(
      createTransferCheckedInstruction(from, mint, to, sender.publicKey, 4_200_000n, 6),
    );
    tx.sign(sender);
    const signature = await f.connection.sendRawTransaction(tx.serialize());
    await f.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
    await finalized();

    const first = await scan();
    expect(first.unmapped).toBeGreaterThanOrEqual(1);
    const rows = await database.db.select().from(unmappedTransfers).where(eq(unmappedTransfers.signature, signature));
    expect(rows).toMatchObject([{ userId: merchant.id, amount: 4_200_000n, payer: sender.publicKey.toBase58(), recipientTokenAccount: to.toBase58() }]);
    const event = await hookOf("payment.unmapped", (d) => d.hash === signature);
    expect(event.data).toMatchObject({ amount: { value: "4200000" }, from: sender.publicKey.toBase58() });
    expect((await scan()).unmapped).toBe(0); // a rescan records nothing twice
    expect(await database.db.select().from(unmappedTransfers).where(eq(unmappedTransfers.signature, signature))).toHaveLength(1);
  });

  it("a transfer with a payment's reference that no watcher follows any more is still credited to it by the scan", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedPayer(f);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    await f.watcher.stop(); // nobody watches: as if the payment had been abandoned long ago
    const signature = await pay(f, payer, info);
    await finalized();
    try {
      const result = await scan();
      expect(result.credited).toBeGreaterThanOrEqual(1);
      expect(await progress(info.payment)).toMatchObject({ status: "validated", hash: signature });
      expect(await database.db.select().from(unmappedTransfers).where(eq(unmappedTransfers.signature, signature))).toEqual([]);
    } finally {
      await f.restartWatcher();
    }
  });
});
