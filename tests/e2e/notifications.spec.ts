import { randomBytes } from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { until, webhookReceiver, type WebhookReceiver } from "../../src/server/testing/webhook-receiver";
import { mailLink, waitForMail } from "./mailbox";
import { E2E_APP_PORT, merchantReceivingEverywhere, overflow, SHOTS, toast } from "./pay-helpers";

let hooks: WebhookReceiver;
test.beforeAll(async () => {
  hooks = await webhookReceiver([200]);
});
test.afterAll(async () => {
  await hooks?.close();
});

/** A new payer on a phone opens the link, takes test coins and pays with Solana; resolves once the payment is complete. */
async function payAsNewPayer(browser: Browser, link: string, amountLabel: string) {
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: amountLabel }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  await payerContext.close();
}

test("verifies an e-mail from the sandbox mailbox and receives a payment notification", async ({ page, context, browser }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { link } = await merchantReceivingEverywhere(page, "Notified beans", "3");
  const email = `merchant-${randomBytes(4).toString("hex")}@shop.example`;

  await page.goto("/settings/notifications");
  await expect(page).toHaveTitle("Notifications - zPay");
  const enabled = page.getByRole("switch", { name: "E-mail me about payments" });
  await enabled.click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Email is required for notifications")).toBeVisible();
  await page.getByRole("textbox", { name: "E-mail address" }).fill(email);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Updated successfully")).toBeVisible();
  await expect(page.getByText(`${email} is not verified yet`, { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/notifications-unverified.png`, fullPage: true });

  // The link comes by mail, opens the app origin, and verifies the address once.
  const asked = new Date();
  await page.getByRole("button", { name: "Send verification link" }).click();
  await expect(toast(page, `Verification link sent to ${email}`)).toBeVisible();
  const mail = await waitForMail(page.request, { to: email, subjectIncludes: "Confirm your e-mail address", after: new Date(asked.getTime() - 1000) });
  const verify = mailLink(mail, /verify=/);
  expect(verify).toMatch(new RegExp(`^http://localhost:${E2E_APP_PORT}/settings/notifications\\?verify=[\\w-]{43}$`));
  await page.goto(verify);
  await expect(toast(page, "E-mail address verified")).toBeVisible();
  await expect(page.getByText(`${email} is verified.`)).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
  await page.screenshot({ path: `${SHOTS}/notifications-verified.png`, fullPage: true });
  // The same link again is refused: it works once.
  await page.goto(verify);
  await expect(toast(page, "This verification link is invalid, used or expired. Send a new one.")).toBeVisible();

  // A payer pays; the merchant is e-mailed when it is seen and when it is confirmed.
  await payAsNewPayer(browser, link, "Pay $3.00");
  const received = await waitForMail(page.request, { to: email, subjectIncludes: "Payment received", timeoutMs: 30_000 });
  const confirmed = await waitForMail(page.request, { to: email, subjectIncludes: "Payment confirmed", timeoutMs: 30_000 });
  expect(received.subject).toMatch(/^Payment received: 3(\.0+)? USDC$/);
  expect(confirmed.text).toContain("is confirmed and complete");
  expect(mailLink(confirmed)).toBe(`http://localhost:${E2E_APP_PORT}/transactions`);

  // On a phone the panel fits.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/settings/notifications");
  await expect(page.getByText(`${email} is verified.`)).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/notifications-phone.png`, fullPage: true });
});

/** The signed events the receiver got of one type, verified with the merchant's secret. */
function signed(secret: string, type: string) {
  return hooks.requests
    .map((r) => ({ id: r.headers["webhook-id"], event: new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string } }))
    .filter((r) => r.event.type === type);
}

test("Security: saves the webhook endpoint, sends a test event, sees it delivered in the log and redelivers it", async ({ page }) => {
  test.setTimeout(90_000);
  await signInMerchant(page);
  await page.goto("/settings/security");
  await expect(page).toHaveTitle("Security - zPay");
  const endpoint = page.getByRole("textbox", { name: "API webhook endpoint" });
  await expect(page.getByText("No webhook events yet. Save an endpoint to receive them.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();

  await endpoint.fill("not a url");
  await page.getByRole("textbox", { name: "Redirect URL" }).fill("ftp://shop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Valid API endpoint is required")).toBeVisible();
  await expect(page.getByText("Callback URL", { exact: true })).toBeVisible();

  await endpoint.fill(hooks.url);
  await page.getByRole("textbox", { name: "Redirect URL" }).fill("https://shop.example/thank-you");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Updated successfully")).toBeVisible();
  const secret = (await (await page.request.get("/api/integrations", { headers: { authorization: `Bearer ${await merchantToken(page)}` } })).json()).data.secret as string;

  const before = signed(secret, "test").length;
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(toast(page, "Test event sent")).toBeVisible();
  const [first] = await until(() => (signed(secret, "test").length > before ? signed(secret, "test").slice(before) : undefined), "the test event", 20_000);
  const row = page.getByRole("listitem", { name: /^test / });
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh deliveries" }).click();
    await expect(row.getByText("Delivered")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByText("HTTP 200")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/security-test-event.png`, fullPage: true });

  await row.getByRole("button", { name: "Redeliver" }).click();
  await expect(toast(page, "Redelivery started")).toBeVisible();
  // The same event (same webhook-id) arrives again, and the log shows the second attempt.
  await until(() => (signed(secret, "test").filter((r) => r.id === first.id).length >= 2 ? true : undefined), "the redelivered test event", 20_000);
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh deliveries" }).click();
    await expect(row.getByText("2 attempts")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  // Only the second attempt is marked as a redelivery.
  await expect(row.getByText("redelivery", { exact: true })).toHaveCount(1);
  // The log's filter: none failed; back to every sent event, the test event is there.
  await page.getByRole("combobox", { name: "Show" }).click();
  await page.getByRole("option", { name: "Failed" }).click();
  await expect(page.getByText("No events with this status.")).toBeVisible();
  await page.getByRole("combobox", { name: "Show" }).click();
  await page.getByRole("option", { name: "All sent events" }).click();
  await expect(row).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(row.getByText("Delivered")).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/security-phone.png`, fullPage: true });
});
