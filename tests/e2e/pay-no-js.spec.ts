import { expect, test, type Page } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";

const SHOTS = "test-results/screens";
const E2E_PAYMENTS_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? 4332);
const PAYMENTS = `http://localhost:${E2E_PAYMENTS_PORT}`;

/** A merchant with a receiving wallet and one fiat-priced zLink, through the API; answers the pay link. */
async function merchantLink(page: Page): Promise<string> {
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: createSolanaTestWallet().address, type: "manual", version: 1 } });
  expect(attached.status(), await attached.text()).toBe(201);
  const created = await page.request.post("/api/quick-pays/create", { headers: auth, data: { label: "Coffee beans", desc: "1 kg, whole", price: "12.5", currency: "USD" } });
  expect(created.status(), await created.text()).toBe(201);
  return `${PAYMENTS}/?p=${(await created.json()).data.info.hashedId}`;
}

test("the pay page reads without JavaScript: merchant, label, amount and the sandbox notice, in English and with ?lng=fr in French", async ({ page, browser }) => {
  const link = await merchantLink(page);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true });
  const payer = await context.newPage();

  await payer.goto(link);
  await expect(payer.getByRole("heading", { name: "Coffee beans" })).toBeVisible();
  await expect(payer.getByText("Pay to")).toBeVisible();
  await expect(payer.getByText("1 kg, whole")).toBeVisible();
  await expect(payer.getByText("$12.50", { exact: true })).toBeVisible();
  await expect(payer.getByText("This page runs on a test network. No real money moves.")).toBeVisible();
  await expect(payer.getByRole("button", { name: "Pay with Solana" })).toBeVisible();
  expect(await payer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await payer.screenshot({ path: `${SHOTS}/pay-no-js.png`, fullPage: true });

  await payer.goto(`${link}&lng=fr`);
  await expect(payer.locator("html")).toHaveAttribute("lang", "fr");
  await expect(payer).toHaveTitle(/^Paiement - /);
  await expect(payer.getByRole("heading", { name: "Coffee beans" })).toBeVisible();
  await expect(payer.getByText("Payer à")).toBeVisible();
  await expect(payer.getByText("12,50\u00a0$US", { exact: true }).or(payer.getByText("12,50\u00a0$", { exact: true }))).toBeVisible();
  await expect(payer.getByText("Cette page utilise un réseau de test. Aucun argent réel n’est déplacé.")).toBeVisible();
  await expect(payer.getByRole("button", { name: "Payer avec Solana" })).toBeVisible();
  await payer.screenshot({ path: `${SHOTS}/pay-no-js-fr.png`, fullPage: true });

  await payer.goto(`${PAYMENTS}/?p=unknown-id`);
  await expect(payer.getByRole("status")).toHaveText("This payment link does not exist or is no longer available.");
  await context.close();
});

test("with JavaScript, the page loads no wallet code until the payer picks Solana, then the wallet panel takes over the same summary", async ({ page, browser }) => {
  const link = await merchantLink(page);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const payer = await context.newPage();
  const scripts: string[] = [];
  payer.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  await payer.goto(link);
  await payer.waitForLoadState("networkidle");
  const heading = payer.getByRole("heading", { name: "Coffee beans" });
  const before = await heading.boundingBox();
  expect(scripts.some((s) => /pay-mount|WalletProvider|client\./.test(s))).toBe(false);

  await payer.getByRole("button", { name: "Pay with Solana" }).click();
  await expect(payer.getByRole("heading", { name: "Your wallet" })).toBeVisible({ timeout: 20_000 });
  expect(scripts.some((s) => s.includes("pay-mount"))).toBe(true);
  expect(await heading.boundingBox()).toEqual(before);
  await context.close();
});

test("the language switcher gives the French page in the served HTML, before and after the wallet code has loaded", async ({ page, browser }) => {
  const link = await merchantLink(page);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const payer = await context.newPage();
  const served = async () => (await payer.request.get(link)).text();

  // Before the payer picks a family: the page is reloaded in French.
  await payer.goto(link);
  await payer.getByRole("combobox", { name: "Language" }).selectOption("fr");
  await payer.waitForURL(/[?&]lng=fr/);
  await expect(payer.getByRole("button", { name: "Payer avec Solana" })).toBeVisible();
  expect(await served()).toContain("Payer avec Solana");

  // After: React switches in place, and the next visit is served in the chosen language.
  await payer.getByRole("button", { name: "Payer avec Solana" }).click();
  await expect(payer.getByRole("heading", { name: "Votre portefeuille" })).toBeVisible({ timeout: 20_000 });
  await payer.getByRole("combobox", { name: "Langue" }).selectOption("en");
  await expect(payer.getByRole("heading", { name: "Your wallet" })).toBeVisible();
  expect(await served()).toContain("Pay with Solana");
  await context.close();
});
