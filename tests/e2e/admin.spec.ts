import { expect, test } from "@playwright/test";
import { Keypair } from "@solana/web3.js";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { E2E_PAYMENTS_PORT, SHOTS } from "./pay-helpers";

const PAYMENTS = `http://localhost:${E2E_PAYMENTS_PORT}`;
const SANDBOX_CHAIN = -5001;

test("an admin sees stats", async ({ page }) => {
  test.setTimeout(120_000);
  const wallet = await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };

  // A merchant's payment the operator will count: a zRequest whose payer starts paying today.
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: createSolanaTestWallet().address, chain: SANDBOX_CHAIN, type: "manual" } });
  expect(attached.status(), await attached.text()).toBe(201);
  const created = await page.request.post("/api/collects/create", {
    headers: auth,
    data: { name: "Ada Payer", email: "ada-admin@payer.example", desc: "Audit", price: "3", currency: "USDC", userCurrency: "USD" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId: string = (await created.json()).data.info.hashedId;
  const started = await page.request.post(`${PAYMENTS}/api/pay/${orderId}/start`, {
    data: { chainId: SANDBOX_CHAIN, token: "USDC", payer: Keypair.generate().publicKey.toBase58(), sessionId: `admin-${orderId}` },
  });
  expect(started.status(), await started.text()).toBe(200);

  // Not an operator yet: no admin items, and the API answers 403 (signed in, not allowed).
  await page.goto("/dashboard");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Admin stats" })).toHaveCount(0);
  expect((await page.request.get("/api/v2/admin-stats/read", { headers: auth })).status()).toBe(403);

  const granted = await page.request.post("/api/sandbox/grant-admin", { headers: auth });
  expect(granted.status(), await granted.text()).toBe(200);
  await page.goto("/admin-stats");
  await expect(page).toHaveTitle("Admin stats - zPay");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Admin stats" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("admin-merchants")).toBeVisible();
  const initiated = page.getByRole("row").filter({ has: page.getByText("Initiated", { exact: true }) });
  await expect(initiated).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "Solana Devnet" })).toHaveCount(1);
  // The one payment is only initiated: no paid volume in the range, so the chart card says so and draws nothing.
  await page.getByTestId("volume-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("volume-chart")).toContainText("No payments in this range");
  await expect(page.locator(".apexcharts-svg")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/admin-stats.png`, fullPage: true });

  // The merchant asked for production access (top bar): the admin sees the request below the figures and grants it.
  await page.getByRole("button", { name: "Get Production access" }).click();
  await expect(page.getByText(/^Request sent\./)).toBeVisible();
  await page.reload();
  const production = page.getByRole("table", { name: "Production access" });
  // Other journeys' merchants may have asked too: this one's row is named by its wallet.
  const grant = production.getByRole("button", { name: `Grant production access to ${wallet.address}` });
  await grant.click();
  // This merchant gave no e-mail address: granted, and the admin is told to pass on the next steps.
  await expect(page.getByText("Granted. This merchant has no e-mail address: tell them the next steps yourself.")).toBeVisible();
  await expect(grant).toHaveCount(0);

  // Cached figures, then recomputed after clearing the cache.
  await page.reload();
  await expect(page.getByTestId("admin-computed-at")).toContainText("(from the cache)");
  await page.getByRole("button", { name: "Clear cache and recompute" }).click();
  await expect(page.getByText("Statistics cache cleared")).toBeVisible();
  await expect(page.getByTestId("admin-computed-at")).not.toContainText("(from the cache)");

  await page.getByRole("navigation").getByRole("link", { name: "Admin Billing" }).click();
  await expect(page).toHaveTitle("Billing - zPay");
  await expect(page.getByRole("table")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-billing.png`, fullPage: true });

  await page.getByRole("navigation").getByRole("link", { name: "Admin Map Transactions" }).click();
  await expect(page).toHaveTitle("Map Transactions - zPay");
  await expect(page.getByRole("table")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-transactions.png`, fullPage: true });
});
