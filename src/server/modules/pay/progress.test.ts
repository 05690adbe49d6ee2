import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until } from "../../testing/webhook-receiver";
import { callJson, fundedPayer, merchantWithLink, pay, startPayFixture, type PayFixture } from "../../testing/pay-fixture";

/**
 * What the payer's page polls while a payment is partly paid (issue 28): what arrived, what is
 * still due and until when, so the page can ask for the rest instead of waiting for the expiry.
 */
describe.each(TEST_BACKENDS)("the payer's progress of a partly paid payment (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database);
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  const start = (id: string, payer: string) =>
    callJson(f.payments, "POST", `/api/pay/${id}/start`, { chainId: -5001, token: "USDC", payer, sessionId: `session-${payer.slice(0, 12)}` });
  const progress = async (payment: string): Promise<PaymentProgress> => (await callJson(f.payments, "GET", `/api/pay/transactions/${payment}`)).body?.data;

  it("a fresh payment owes all of it, with its decimals and expiry", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedPayer(f);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    const fresh = await progress(info.payment);
    expect(fresh).toMatchObject({ status: "initiated", requestedAmount: "10000000", amountDue: "10000000", decimals: 6, expiresAt: info.expiresAt });
    expect(fresh.receivedAmount).toBeUndefined();
  });

  it("too little: what arrived and what is due; the rest, sent with the same reference, completes it", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedPayer(f);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    await pay(f, payer, info, { info: { amountWei: "9000000" } });
    const partly = await until(async () => ((await progress(info.payment))?.receivedAmount === "9000000" ? progress(info.payment) : undefined), "partial credit");
    expect(partly).toMatchObject({ status: "initiated", receivedAmount: "9000000", amountMismatch: "under", requestedAmount: "10000000", amountDue: "1000000", decimals: 6, expiresAt: info.expiresAt });

    await pay(f, payer, info, { info: { amountWei: partly.amountDue! } });
    const done = await until(async () => ((await progress(info.payment))?.status === "validated" ? progress(info.payment) : undefined), "validated");
    expect(done).toMatchObject({ receivedAmount: "10000000", amountDue: "0", requestedAmount: "10000000" });
    expect(done.amountMismatch).toBeUndefined();
  });

  it("too much owes nothing", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedPayer(f);
    const info: PaymentTransactionInfo = (await start(link.hashedId, payer.publicKey.toBase58())).body.data;
    await pay(f, payer, info, { info: { amountWei: "12000000" } });
    const over = await until(async () => ((await progress(info.payment))?.status === "validated" ? progress(info.payment) : undefined), "validated");
    expect(over).toMatchObject({ receivedAmount: "12000000", amountMismatch: "over", amountDue: "0" });
  });

  it("an unknown or malformed payment id is 404 / 400, and tells nothing", async () => {
    expect((await callJson(f.payments, "GET", "/api/pay/transactions/unknown")).status).toBe(404);
    expect((await callJson(f.payments, "GET", `/api/pay/transactions/${"x".repeat(65)}`)).status).toBe(400);
  });
});
