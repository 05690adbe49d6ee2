import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { until } from "../../src/server/testing/webhook-receiver";
import { E2E_APP_PORT, SHOTS } from "./pay-helpers";

// The example shop (examples/node-server) on a port of this run's own.
const SHOP_PORT = E2E_APP_PORT + 2;
const shopUrl = `http://127.0.0.1:${SHOP_PORT}`;
let shop: ChildProcess | undefined;
const shopLog: string[] = [];

test.afterAll(async () => {
  if (shop && shop.exitCode === null) {
    shop.kill("SIGTERM");
    await once(shop, "exit");
  }
});

/** Starts the example's server script with plain Node, as its README says; resolves once it listens. */
async function startShop(env: Record<string, string>) {
  shop = spawn(process.execPath, ["examples/node-server/src/main.ts"], { env: { ...process.env, ...env, PORT: String(SHOP_PORT) }, stdio: ["ignore", "pipe", "pipe"] });
  shop.stdout!.on("data", (d: Buffer) => shopLog.push(...d.toString().trim().split("\n")));
  shop.stderr!.on("data", (d: Buffer) => shopLog.push(...d.toString().trim().split("\n")));
  await until(() => (shopLog.some((l) => l.startsWith("shop listening")) ? true : undefined), `the shop to listen (${shopLog.join(" | ")})`, 15_000);
}

const checkout = async (orderId: string) => {
  const res = await fetch(`${shopUrl}/checkout`, { method: "POST", body: JSON.stringify({ orderId, amount: "12.50", currency: "USD" }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { paymentId: string; url: string; replayed: boolean };
};

test("a server script with the Node SDK creates a payment twice with one idempotency key (one payment), a payer pays it, the script verifies the webhook", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The merchant: a receiving Solana wallet, and the webhook endpoint pointed at the shop.
  await signInMerchant(page);
  const token = await merchantToken(page);
  // The account id of the API keys card is the merchant's id.
  const accountId = await page.evaluate(() => (JSON.parse(localStorage.getItem("zpay.session")!) as { _id: string })._id);
  const auth = { authorization: `Bearer ${token}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: createSolanaTestWallet().address, chain: -5001, type: "manual" } });
  expect(attached.status(), await attached.text()).toBe(201);
  const saved = await page.request.post("/api/integrations", { headers: auth, data: { endpoint: `${shopUrl}/zpay/webhook` } });
  expect(saved.status()).toBe(200);
  const secret = (await saved.json()).data.secret as string;
  // The API secret is another one, made on the zAPI page and shown once.
  const made = await page.request.post("/api/zapi/secret/regenerate", { headers: auth, data: { keepPrevious: false } });
  expect(made.status()).toBe(200);
  const apiSecret = (await made.json()).data.secret as string;

  await startShop({ ZPAY_BASE_URL: `http://localhost:${E2E_APP_PORT}`, ZPAY_ACCOUNT_ID: accountId, ZPAY_API_SECRET: apiSecret, ZPAY_WEBHOOK_SECRET: secret });

  // A double click on the shop's checkout: one payment.
  const orderId = `A-${Date.now()}`;
  const first = await checkout(orderId);
  const second = await checkout(orderId);
  expect(first.replayed).toBe(false);
  expect(second).toEqual({ ...first, replayed: true });
  const listed = await page.request.get("/api/v1/payments", { headers: { authorization: `Basic ${Buffer.from(`${accountId}:${apiSecret}`).toString("base64")}` } });
  expect((await listed.json()).data.map((p: { id: string }) => p.id)).toEqual([first.paymentId]);

  // The payer, on a phone, opens the shop's checkout page: its Web SDK button (the script served
  // by zpay) opens the hosted pay page of the same payment; they pay with the test wallet.
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(`${shopUrl}/?order=${orderId}`);
  await payerPage.screenshot({ path: `${SHOTS}/sdk-node-shop.png` });
  await payerPage.getByRole("button", { name: "Pay $12.50 with zpay" }).click();
  await payerPage.waitForURL(first.url);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.screenshot({ path: `${SHOTS}/sdk-node-pay.png`, fullPage: true });
  await payerPage.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 45_000 });
  await payerContext.close();

  // The shop verified the signed webhooks of its order.
  const order = await until(async () => {
    const record = (await (await fetch(`${shopUrl}/orders/${orderId}`)).json()) as { paymentId: string; events: string[] };
    return record.events.includes("payment.validated") && record.events.includes("payment.paid") ? record : undefined;
  }, "verified webhooks at the shop");
  expect(order.paymentId).toBe(first.paymentId);
  expect(shopLog).toContain(`webhook payment.validated for ${first.paymentId} (order ${orderId})`);

  // A forged webhook (signed with another secret) and a replayed old one are refused by the shop.
  const body = JSON.stringify({ type: "payment.validated", timestamp: new Date().toISOString(), data: { type: "dynamic", product: first.paymentId } });
  const forge = (key: string, at: Date) => ({ "webhook-id": "msg_forged", "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": new Webhook(key).sign("msg_forged", at, body) });
  const otherSecret = `whsec_${Buffer.from("not the merchant's secret, 32 b.").toString("base64")}`;
  for (const headers of [forge(otherSecret, new Date()), forge(secret, new Date(Date.now() - 10 * 60_000))]) {
    const res = await fetch(`${shopUrl}/zpay/webhook`, { method: "POST", headers, body });
    expect(res.status).toBe(400);
  }
});
