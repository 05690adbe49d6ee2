import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { Webhook } from "standardwebhooks";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { Database } from "../../db/client";
import { paymentCredits, paymentFactLog, transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until, webhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";
import { refreshedListPath } from "../sanctions/list";
import { signInMerchant } from "../../testing/merchants";
import { LINK_NOT_PAYABLE } from "./product";
import { MERCHANT_CANNOT_RECEIVE, SANCTION_FAILED, TOKEN_NOT_ACCEPTED } from "./start";
import { addReference, callJson, fundedPayer, merchantWithLink, pay, startPayFixture, type PayFixture } from "../../testing/pay-fixture";

const ataOf = (mint: string, owner: string) => getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true).toBase58();

describe.each(TEST_BACKENDS)("paying a zLink on the local Solana network (%s)", (kind) => {
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

  const product = (id: string) => callJson(f.payments, "GET", `/api/pay/${id}`);
  const start = (id: string, payer: string, extra: Record<string, unknown> = {}) =>
    callJson(f.payments, "POST", `/api/pay/${id}/start`, { chainId: -5001, token: "USDC", payer, sessionId: `session-${payer.slice(0, 12)}`, ...extra });
  const progress = async (payment: string) => (await callJson(f.payments, "GET", `/api/pay/transactions/${payment}`)).body?.data;
  const row = async (publicId: string) => (await database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]!;
  const statusBecomes = (payment: string, status: string) =>
    until(async () => ((await progress(payment))?.status === status ? progress(payment) : undefined), `${payment} ${status}`);

  it("a payer pays a fiat-priced link: paid at confirmed, validated at finalized, signed webhooks, the callback and the merchant's table", async () => {
    const { merchant, receiving, secret, link } = await merchantWithLink(
      f,
      { label: "Coffee beans", desc: "1 kg", price: "12.5", currency: "EUR", userCurrency: "EUR" },
      { endpoint: hooks.url, callback: "https://shop.example.com/thanks" },
      "EUR",
    );
    const seen = await product(link.hashedId);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      id: link.hashedId,
      type: "quick-pay",
      label: "Coffee beans",
      description: "1 kg",
      price: "12.5",
      currency: "EUR",
      useFiat: true,
      estimatedUsdc: "13.5", // EUR=1.08 in the sandbox rates
      sandbox: true,
      options: [
        {
          chainId: -5001,
          chainName: "Solana Devnet",
          tokens: [
            { symbol: "USDC", address: f.solana.mints.USDC, decimals: 6 },
            { symbol: "USDT", address: f.solana.mints.USDT, decimals: 6 },
          ],
        },
      ],
    });
    expect(seen.body.data.merchant.displayName).toMatch(/^.{4}….{4}$/);

    const payer = await fundedPayer(f);
    const started = await start(link.hashedId, payer.publicKey.toBase58());
    expect(started.status).toBe(200);
    const info: PaymentTransactionInfo = started.body.data;
    expect(info).toMatchObject({
      chain: -5001,
      recipient: receiving,
      address: ataOf(f.solana.mints.USDC, receiving),
      tokenAddress: f.solana.mints.USDC,
      decimals: 6,
      amount: "13.5",
      amountWei: "13500000",
      memo: `zpay:${info.payment}`,
      fiat: { currency: "EUR", price: "12.5", rate: "1.08" },
    });
    expect(info.createRecipientAccount).toBeUndefined(); // the sandbox opened the merchant's account itself
    expect(await f.connection.getAccountInfo(new PublicKey(info.address))).not.toBeNull();
    expect(await progress(info.payment)).toEqual({ payment: info.payment, status: "initiated", requestedAmount: "13500000", amountDue: "13500000", decimals: 6, expiresAt: expect.any(String) });

    // Starting again from the same page session and wallet resumes the same transaction.
    expect((await start(link.hashedId, payer.publicKey.toBase58())).body.data.payment).toBe(info.payment);

    const signature = await pay(f, payer, info);
    const validated = await statusBecomes(info.payment, "validated");
    expect(validated).toEqual({
      payment: info.payment,
      status: "validated",
      hash: signature,
      payer: payer.publicKey.toBase58(),
      receivedAmount: "13500000",
      requestedAmount: "13500000",
      amountDue: "0",
      decimals: 6,
      expiresAt: expect.any(String),
      explorerUrl: `http://pay.test/tx/-5001/${signature}`,
      callbackUrl: "https://shop.example.com/thanks",
    });
    const stored = await row(info.payment);
    expect(stored).toMatchObject({ status: "validated", signature, fiatRate: "1.08", startedBy: payer.publicKey.toBase58(), amountMismatch: null });
    expect(stored.paidAt).not.toBeNull();

    // The merchant's endpoint got payment.paid then payment.validated, each verifiable with the secret.
    const mine = await until(() => {
      const got = hooks.requests.filter((r) => JSON.parse(r.body).data.publicId === info.payment);
      return got.length >= 2 ? got : undefined;
    }, "two webhooks");
    const verifier = new Webhook(secret!);
    const events = mine.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { hash: string; status: string } });
    expect(events.map((e) => e.type).sort()).toEqual(["payment.paid", "payment.validated"]);
    expect(events.every((e) => e.data.hash === signature)).toBe(true);
    expect(() => new Webhook(`whsec_${Buffer.from("another secret key!!").toString("base64")}`).verify(mine[0]!.body, mine[0]!.headers as Record<string, string>)).toThrow();

    // The merchant's zLink table reads Completed from this payment, with the sandbox explorer link.
    const list = await callJson(f.app, "GET", "/api/quick-pays", undefined, merchant.auth);
    expect(list.body.data[0].paymentInfo).toMatchObject({ status: "validated", hash: signature, payer: payer.publicKey.toBase58(), scanLink: `http://pay.test/tx/-5001/${signature}` });
  });

  it("a payer pays in USDT (by symbol or by mint): the transaction records the USDT mint and decimals, paid then validated", async () => {
    const { receiving, link } = await merchantWithLink(f, { label: "Tea", price: "7.25", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedPayer(f, 0n, 50_000_000n);
    const usdt = f.solana.mints.USDT;
    const started = await start(link.hashedId, payer.publicKey.toBase58(), { token: "USDT" });
    expect(started.status).toBe(200);
    const info: PaymentTransactionInfo = started.body.data;
    expect(info).toMatchObject({ chain: -5001, recipient: receiving, address: ataOf(usdt, receiving), tokenAddress: usdt, decimals: 6, amount: "7.25", amountWei: "7250000" });
    expect(await row(info.payment)).toMatchObject({ token: "USDT", tokenAddress: usdt, decimals: 6 });
    // Naming the mint instead of the symbol starts the same kind of payment (a new session here).
    const byMint = await start(link.hashedId, payer.publicKey.toBase58(), { token: usdt, sessionId: "session-usdt-by-mint" });
    expect(byMint.body.data).toMatchObject({ tokenAddress: usdt, amountWei: "7250000" });

    const signature = await pay(f, payer, info);
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ hash: signature, receivedAmount: "7250000" });
    const events = await until(() => {
      const got = hooks.requests.map((r) => JSON.parse(r.body)).filter((b) => b.data.publicId === info.payment);
      return got.length >= 2 ? got : undefined;
    }, "USDT webhooks");
    expect(events.map((e) => e.type).sort()).toEqual(["payment.paid", "payment.validated"]);
    expect(events[0].data).toMatchObject({ token: "USDT", tokenAddress: usdt, requestedAmount: { value: "7250000", decimals: 6, currency: "USDT" } });
  });

  it("refuses what cannot be paid, each with a clear message, and creates nothing", async () => {
    const { merchant, link } = await merchantWithLink(f);
    const payer = Keypair.generate().publicKey.toBase58();
    const before = (await database.db.select().from(transactions)).length;

    expect(await product("nope")).toMatchObject({ status: 404, body: { code: "link_not_found", message: LINK_NOT_PAYABLE } });
    expect(await start("nope", payer)).toMatchObject({ status: 404, body: { message: LINK_NOT_PAYABLE } });
    expect((await start(link.hashedId, "not-a-wallet")).body).toMatchObject({ code: "invalid_wallet_address", message: "Invalid wallet address. Please double-check and try again." });
    expect(await start(link.hashedId, payer, { chainId: 1 })).toMatchObject({ status: 400, body: { code: "unsupported_chain" } });
    expect(await start(link.hashedId, payer, { token: "DAI" })).toMatchObject({ status: 400, body: { code: "unsupported_token", message: TOKEN_NOT_ACCEPTED } });
    expect(await start(link.hashedId, payer, { token: Keypair.generate().publicKey.toBase58() })).toMatchObject({ status: 400, body: { code: "unsupported_token" } });
    expect((await start(link.hashedId, payer, { sessionId: "" })).status).toBe(400);
    const malformed = await f.payments.request(`/api/pay/${link.hashedId}/start`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);

    // A sanctioned wallet (from the operator's refreshed list) is refused at start, whatever the page did.
    const sanctioned = Keypair.generate().publicKey.toBase58();
    fs.writeFileSync(refreshedListPath(f.dataDir), JSON.stringify({ source: "test", updatedAt: "", addresses: [sanctioned] }));
    await new Promise((r) => setTimeout(r, 1100)); // the list is re-read at most once a second
    expect(await start(link.hashedId, sanctioned)).toMatchObject({ status: 403, body: { code: "sanctioned_wallet", message: SANCTION_FAILED } });

    // A merchant with no receiving wallet cannot be paid yet.
    const walletless = await signInMerchant(f.app);
    const theirs = await callJson(f.app, "POST", "/api/quick-pays/create", { label: "Tip", price: "3", currency: "USDC" }, walletless.auth);
    expect(await start(theirs.body.data.info.hashedId, payer)).toMatchObject({ status: 409, body: { message: MERCHANT_CANNOT_RECEIVE } });

    // A disabled link is gone for payers.
    const read = await callJson(f.app, "GET", `/api/quick-pays/update/${link._id}`, undefined, merchant.auth);
    const disabled = await callJson(f.app, "POST", `/api/quick-pays/disable/${link._id}`, { _item_id: link._id, _key: read.body.data.key }, merchant.auth);
    expect(disabled.status).toBe(200);
    expect((await product(link.hashedId)).status).toBe(404);
    expect((await start(link.hashedId, payer)).status).toBe(404);

    expect((await callJson(f.payments, "GET", "/api/pay/transactions/unknown")).status).toBe(404);
    expect((await database.db.select().from(transactions)).length).toBe(before);
  });

  it("an underpayment is recorded and waits for the rest; at expiry it fails as underpaid with what arrived", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedPayer(f);
    const ttl = f.deps.env.PAYMENT_TTL_MS;
    f.deps.env.PAYMENT_TTL_MS = 3000;
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    f.deps.env.PAYMENT_TTL_MS = ttl;
    const signature = await pay(f, payer, info, { info: { amountWei: "9000000" } });
    await until(async () => ((await progress(info.payment))?.receivedAmount === "9000000" ? true : undefined), "partial credit");
    expect((await progress(info.payment)).status).toBe("initiated");
    const failed = await statusBecomes(info.payment, "failed");
    expect(failed).toMatchObject({ hash: signature, receivedAmount: "9000000", amountMismatch: "under", failureReason: "underpaid" });
    expect(failed.callbackUrl).toBeUndefined();
    await until(() => hooks.requests.find((r) => JSON.parse(r.body).type === "payment.failed" && JSON.parse(r.body).data.publicId === info.payment), "payment.failed webhook");
  });

  it("an overpayment is accepted and marked over", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedPayer(f);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    await pay(f, payer, info, { info: { amountWei: "11000000" } });
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ receivedAmount: "11000000", amountMismatch: "over" });
  });

  it("a transfer of the wrong token or to the wrong account is logged, never credited", async () => {
    const { receiving, link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedPayer(f, 100_000_000n, 100_000_000n);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    const usdt = f.solana.mints.USDT;
    await f.solana.mintTokens(receiving, usdt, 0n);
    const wrongMint = await pay(f, payer, info, {
      info: { tokenAddress: usdt, address: ataOf(usdt, receiving) },
    });
    const stranger = Keypair.generate().publicKey.toBase58();
    await f.solana.mintTokens(stranger, f.solana.mints.USDC, 0n);
    const strangerAta = ataOf(f.solana.mints.USDC, stranger);
    const wrongRecipient = await pay(f, payer, info, { info: { address: strangerAta } });
    const stored = await row(info.payment);
    const logged = await until(async () => {
      const rows = await database.db.select().from(paymentFactLog).where(eq(paymentFactLog.transactionId, stored.id));
      return rows.length >= 2 ? rows : undefined;
    }, "both rejected facts logged");
    expect(new Set(logged.map((r) => r.signature))).toEqual(new Set([wrongMint, wrongRecipient]));
    expect(logged.map((r) => r.reason).sort()).toEqual(["wrong_mint", "wrong_recipient"].sort());
    expect((await progress(info.payment)).status).toBe("initiated");
    expect(await database.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, stored.id))).toEqual([]);
  });

  it("one transfer naming two payments is credited to one of them only", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedPayer(f);
    const first: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58(), { sessionId: "session-first-tab" })).body.data;
    const second: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58(), { sessionId: "session-second-tab" })).body.data;
    expect(second.payment).not.toBe(first.payment);
    const signature = await pay(f, payer, first, { transaction: addReference(second.reference) });
    await until(async () => {
      const states = [(await progress(first.payment)).status, (await progress(second.payment)).status];
      return states.includes("validated") ? states : undefined;
    }, "one validated");
    // Give the other payment's watcher time to report the same transfer, then check it stayed unpaid.
    await until(async () => {
      const rows = await database.db.select().from(paymentFactLog).where(eq(paymentFactLog.signature, signature));
      return rows.length > 0 ? rows : undefined;
    }, "the second report logged");
    const statuses = [(await progress(first.payment)).status, (await progress(second.payment)).status].sort();
    expect(statuses).toEqual(["initiated", "validated"]);
    expect(await database.db.select().from(paymentCredits).where(eq(paymentCredits.signature, signature))).toHaveLength(1);
  });

  it("a payment made while the watcher was down is found when it starts again", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedPayer(f);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    await f.watcher.stop();
    await pay(f, payer, info);
    await new Promise((r) => setTimeout(r, 300)); // finalized (32 slots of 10 ms) while nobody watched
    expect((await progress(info.payment)).status).toBe("initiated");
    await f.restartWatcher();
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ receivedAmount: "10000000" });
  });

  it("an unpaid payment expires; a payment arriving later is still recorded, marked late", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedPayer(f);
    const ttl = f.deps.env.PAYMENT_TTL_MS;
    f.deps.env.PAYMENT_TTL_MS = 1000; // instead of 30 minutes
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    f.deps.env.PAYMENT_TTL_MS = ttl;
    expect(await statusBecomes(info.payment, "failed")).toMatchObject({ failureReason: "expired" });
    await until(() => hooks.requests.find((r) => JSON.parse(r.body).type === "payment.failed" && JSON.parse(r.body).data.publicId === info.payment), "payment.failed webhook");

    const signature = await pay(f, payer, info);
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ hash: signature, receivedAmount: "10000000" });
    expect((await row(info.payment)).late).toBe(true);
  });
});
