import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { until, webhookReceiver, type WebhookReceiver } from "../../src/server/testing/webhook-receiver";
import { zapiAuthorization } from "../../src/lib/zapi";
import { E2E_APP_PORT, E2E_PAYMENTS_PORT, merchantWebhookEndpoint, overflow, SHOTS, toast } from "./pay-helpers";

let hooks: WebhookReceiver;
test.beforeAll(async () => {
  hooks = await webhookReceiver([200]);
});
test.afterAll(async () => {
  await hooks?.close();
});

/** What a merchant's server does: plain fetch with the account id and secret, never the browser's session. */
function merchantServer(accountId: string, secret: string) {
  const base = `http://localhost:${E2E_APP_PORT}/api/v1/payments`;
  const headers = { authorization: zapiAuthorization(accountId, secret), "content-type": "application/json" };
  return {
    create: (body: unknown, idempotencyKey: string) => fetch(base, { method: "POST", headers: { ...headers, "idempotency-key": idempotencyKey }, body: JSON.stringify(body) }),
    read: (id: string) => fetch(`${base}/${id}`, { headers }),
    list: () => fetch(base, { headers }),
  };
}

test("the API secret is its own: shown once, rotated with grace then revoked; webhook secrets open no API; an old-webhook-secret check fails while the new one passes", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInMerchant(page);
  const token = await merchantToken(page);
  const attached = await page.request.post("/api/wallet/networks", {
    headers: { authorization: `Bearer ${token}` },
    data: { address: createSolanaTestWallet().address, chain: -5001, type: "manual" },
  });
  expect(attached.status(), await attached.text()).toBe(201);
  const oldSecret = await merchantWebhookEndpoint(page, hooks);
  const accountId = await page.evaluate(() => (JSON.parse(localStorage.getItem("zpay.session")!) as { _id: string })._id);

  // /zapi: the keys card shows the account id; Show reveals the webhook secret; its Regenerate asks first.
  await page.goto("/zapi");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByText(accountId)).toBeVisible();
  await page.getByRole("button", { name: "Show webhook secret" }).click();
  await expect(page.getByTestId("api-secret")).toHaveText(oldSecret);
  await page.getByRole("button", { name: "Regenerate webhook secret" }).click();
  await page.getByRole("alertdialog", { name: "Regenerate the webhook secret?" }).getByRole("button", { name: "Regenerate webhook secret" }).click();
  await expect(toast(page, "Regenerated successfully")).toBeVisible();
  await expect(page.getByTestId("api-secret")).not.toHaveText(oldSecret);
  const newSecret = (await page.getByTestId("api-secret").textContent())!.trim();
  expect(newSecret).toMatch(/^whsec_/);

  // The API secret is another one: created here, shown once.
  await page.getByRole("button", { name: "Create API secret" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API secret" });
  const apiSecret = (await shown.getByTestId("api-secret-new").textContent())!.trim();
  expect(apiSecret).toMatch(/^zpk_/);
  await page.screenshot({ path: `${SHOTS}/zapi-regenerated.png`, fullPage: true });
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("api-secret-hint")).toHaveText(`zpk_…${apiSecret.slice(-4)}`);

  // The merchant's server creates a payment with an idempotency key, twice: one payment.
  const server = merchantServer(accountId, apiSecret);
  const order = { amount: "12.50", currency: "USD", orderId: `A-${randomUUID().slice(0, 8)}`, metadata: { cart: "c1" } };
  const key = randomUUID();
  const first = await server.create(order, key);
  expect(first.status, await first.clone().text()).toBe(201);
  const payment = (await first.json()) as { id: string; url: string; status: string };
  const again = await server.create(order, key);
  expect(again.status).toBe(201);
  expect(((await again.json()) as { id: string }).id).toBe(payment.id);
  expect(((await (await server.list()).json()) as { data: unknown[] }).data).toHaveLength(1);
  expect(payment.url).toMatch(new RegExp(`^http://localhost:${E2E_PAYMENTS_PORT}/\\?p=`));
  // Neither webhook secret opens the API; a wrong API secret never.
  expect((await merchantServer(accountId, newSecret).read(payment.id)).status).toBe(401);
  expect((await merchantServer(accountId, oldSecret).read(payment.id)).status).toBe(401);
  expect((await merchantServer(accountId, `${apiSecret}x`).read(payment.id)).status).toBe(401);

  // Regenerate the API secret keeping the old one 24 hours: both work; Revoke now stops the old one.
  await page.getByRole("button", { name: "Regenerate API secret" }).click();
  const choice = page.getByRole("dialog", { name: "Regenerate the API secret?" });
  await choice.getByRole("radio", { name: /Keep it working for 24 hours/ }).check();
  await choice.getByRole("button", { name: "Regenerate API secret" }).click();
  const rotated = (await page.getByRole("dialog", { name: "Your new API secret" }).getByTestId("api-secret-new").textContent())!.trim();
  await page.getByRole("button", { name: "Done" }).click();
  expect((await merchantServer(accountId, rotated).read(payment.id)).status).toBe(200);
  expect((await server.read(payment.id)).status).toBe(200);
  await page.getByRole("button", { name: "Revoke now" }).click();
  await expect(toast(page, "Previous API secret revoked")).toBeVisible();
  expect((await server.read(payment.id)).status).toBe(401);
  const current = merchantServer(accountId, rotated);

  // A payer opens the hosted URL on a phone and pays.
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(payment.url);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  expect(await overflow(payerPage)).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/zapi-paid.png`, fullPage: true });
  await payerContext.close();

  // The server verifies the webhook: the new secret's check passes, the old secret's fails.
  const validated = await until(
    () => hooks.requests.find((r) => r.body.includes(payment.id) && r.body.includes('"payment.validated"')),
    "payment.validated webhook for the zAPI payment",
    30_000,
  );
  const event = new Webhook(newSecret).verify(validated.body, validated.headers as Record<string, string>) as { type: string; data: { product: string; type: string; merchantExtras: { orderId: string } } };
  expect(event).toMatchObject({ type: "payment.validated", data: { product: payment.id, type: "dynamic", merchantExtras: { orderId: order.orderId } } });
  expect(() => new Webhook(oldSecret).verify(validated.body, validated.headers as Record<string, string>)).toThrow();
  expect(((await (await current.read(payment.id)).json()) as { status: string }).status).toBe("validated");

  // The merchant's API Transactions list shows it (and only zAPI payments).
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: order.orderId });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("zApi");
  await page.screenshot({ path: `${SHOTS}/zapi-list.png`, fullPage: true });
});
