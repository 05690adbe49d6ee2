import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair, PublicKey } from "@solana/web3.js";
import { createTransfer, parseURL, type TransferRequestURL } from "@solana/pay";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { solanaPayUrl } from "@/lib/solana-pay-url";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until } from "../../testing/webhook-receiver";
import { refreshedListPath } from "../sanctions/list";
import { callJson, fundedPayer, merchantWithLink, startPayFixture, type PayFixture } from "../../testing/pay-fixture";
import { TOO_MANY_PENDING_FOR_CLIENT } from "./start-caps";
import { QR_NEEDS_RECIPIENT_ACCOUNT } from "./start";

/**
 * A Solana Pay QR payment: the pay page starts it with no wallet (the payer's phone wallet scans
 * the transfer request and pays without connecting), the watcher finds the transfer by reference.
 */
describe.each(TEST_BACKENDS)("starting a Solana Pay QR payment (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database, { TRUST_PROXY: "1" });
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  const startQr = (linkId: string, sessionId: string, client = "203.0.113.50", extra: Record<string, unknown> = {}) =>
    callJson(f.payments, "POST", `/api/pay/${linkId}/start`, { chainId: -5001, token: "USDC", sessionId, ...extra }, { "x-forwarded-for": client });
  const rows = async () => database.db.select().from(transactions);
  const progress = async (payment: string) => (await callJson(f.payments, "GET", `/api/pay/transactions/${payment}`)).body?.data;
  const statusBecomes = (payment: string, status: string) =>
    until(async () => ((await progress(payment))?.status === status ? progress(payment) : undefined), `${payment} ${status}`);

  /** A phone wallet: reads the transfer request from the URL and pays it with @solana/pay's createTransfer. */
  async function payFromPhone(url: string, phone: Keypair): Promise<string> {
    const request = parseURL(url) as TransferRequestURL;
    const tx = await createTransfer(f.connection, phone.publicKey, {
      recipient: request.recipient,
      amount: request.amount!,
      splToken: request.splToken,
      reference: request.reference,
      memo: request.memo,
    });
    tx.sign(phone);
    const signature = await f.connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
    await f.connection.confirmTransaction(signature, "confirmed");
    return signature;
  }

  it("creates the payment with a reference and memo and no payer; the same session resumes it; a wallet start does not", async () => {
    const { link, receiving } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const before = (await rows()).length;
    const started = await startQr(link.hashedId, "session-qr-resume");
    expect(started.status).toBe(200);
    const info: PaymentTransactionInfo = started.body.data;
    expect(info).toMatchObject({ chain: -5001, recipient: receiving, tokenAddress: f.solana.mints.USDC, amountWei: "10000000", memo: `zpay:${info.payment}` });
    expect(() => new PublicKey(info.reference)).not.toThrow();
    const [stored] = await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment));
    expect(stored).toMatchObject({ status: "initiated", startedBy: null, reference: info.reference, memo: info.memo, requestedAmount: 10_000_000n, payer: null });
    expect((await rows()).length).toBe(before + 1);

    // A reload of the same page resumes the QR payment; connecting a wallet in that session starts its own.
    expect((await startQr(link.hashedId, "session-qr-resume")).body.data.payment).toBe(info.payment);
    const withWallet = await startQr(link.hashedId, "session-qr-resume", undefined, { payer: Keypair.generate().publicKey.toBase58() });
    expect(withWallet.status).toBe(200);
    expect(withWallet.body.data.payment).not.toBe(info.payment);
    expect((await rows()).length).toBe(before + 2);
  });

  it("a phone wallet pays the transfer request with @solana/pay: found by reference, validated, the phone recorded as payer", async () => {
    const { link, receiving } = await merchantWithLink(f, { label: "Tea", price: "2.5", currency: "USDC" });
    await f.solana.airdrop(receiving, 1_000_000_000n); // a merchant's wallet holds SOL; Solana Pay checks the recipient exists
    const info: PaymentTransactionInfo = (await startQr(link.hashedId, "session-qr-pay")).body.data;
    const phone = await fundedPayer(f);
    const signature = await payFromPhone(solanaPayUrl(info, { label: "Merchant", message: "Tea" }), phone);
    const validated = await statusBecomes(info.payment, "validated");
    expect(validated).toMatchObject({ status: "validated", hash: signature, payer: phone.publicKey.toBase58(), receivedAmount: "2500000" });
    expect(validated.amountMismatch).toBeUndefined();
  });

  it("a sanctioned phone wallet paying a QR payment is screened when credited: held as failed sanctioned", async () => {
    const { link, receiving } = await merchantWithLink(f, { label: "Tea", price: "1", currency: "USDC" });
    await f.solana.airdrop(receiving, 1_000_000_000n);
    const phone = await fundedPayer(f);
    fs.writeFileSync(refreshedListPath(f.dataDir), JSON.stringify({ source: "test", updatedAt: "", addresses: [phone.publicKey.toBase58()] }));
    try {
      const info: PaymentTransactionInfo = (await startQr(link.hashedId, "session-qr-sanctioned")).body.data;
      await payFromPhone(solanaPayUrl(info, { label: "Merchant" }), phone);
      expect(await statusBecomes(info.payment, "failed")).toMatchObject({ failureReason: "sanctioned" });
    } finally {
      fs.rmSync(refreshedListPath(f.dataDir), { force: true });
    }
  });

  it("the pending caps still apply to QR starts: a client at its cap gets 429 and nothing is created", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const saved = f.deps.env.PAY_PENDING_PER_CLIENT;
    f.deps.env.PAY_PENDING_PER_CLIENT = 2;
    try {
      expect((await startQr(link.hashedId, "session-cap-1", "198.51.100.20")).status).toBe(200);
      expect((await startQr(link.hashedId, "session-cap-2", "198.51.100.20")).status).toBe(200);
      const before = (await rows()).length;
      expect(await startQr(link.hashedId, "session-cap-3", "198.51.100.20")).toMatchObject({
        status: 429,
        body: { code: "too_many_pending_payments", message: TOO_MANY_PENDING_FOR_CLIENT },
      });
      expect((await rows()).length).toBe(before);
    } finally {
      f.deps.env.PAY_PENDING_PER_CLIENT = saved;
    }
  });

  it("on a real network whose merchant token account does not exist yet, a QR start is refused (409) and nothing is created", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const solana = f.deps.chains.solana!;
    // Not a local network: the sandbox no longer opens the merchant's account itself.
    f.deps.chains.solana = { ...solana, local: undefined };
    try {
      const before = (await rows()).length;
      expect(await startQr(link.hashedId, "session-qr-no-account")).toMatchObject({ status: 409, body: { code: "qr_recipient_account_missing", message: QR_NEEDS_RECIPIENT_ACCOUNT } });
      expect((await rows()).length).toBe(before);
    } finally {
      f.deps.chains.solana = solana;
    }
  });

  it("bad input still answers 400 and creates nothing: an empty payer is not a QR start", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const before = (await rows()).length;
    expect((await startQr(link.hashedId, "session-qr-bad", undefined, { payer: "" })).status).toBe(400);
    expect((await startQr(link.hashedId, "session-qr-bad", undefined, { payer: "not-a-wallet" })).body).toMatchObject({ code: "invalid_wallet_address" });
    expect((await rows()).length).toBe(before);
  });
});
