import { expect, test, type Page } from "@playwright/test";
import { Keypair } from "@solana/web3.js";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { E2E_PAYMENTS_PORT, SHOTS } from "./pay-helpers";

/**
 * Every product table, and Orders, fits the screen with its actions in reach: at 1280 px beside
 * the side menu (a table) and at 360 px (cards), the first row's last button — the row menu, or
 * Copy Link / Details where a row has no menu — lies inside the window, and the page never scrolls
 * sideways. Rows carry long but ordinary values: a full name, a long work e-mail, a large amount,
 * a payer's whole Solana address.
 */
const PAGES = [
  { path: "/quick-pays", create: "/api/quick-pays/create", data: { label: "Annual membership, premium tier", desc: "", price: "12500.75", currency: "USD", userCurrency: "USD" } },
  {
    path: "/collects",
    create: "/api/collects/create",
    data: { name: "Maximilian Alexander-Fitzgerald", email: "maximilian.alexander-fitzgerald@accounts-payable.example", desc: "Q4 retainer", price: "12500.75", currency: "USD", userCurrency: "USD" },
  },
  { path: "/donates", create: "/api/donates/create", data: { label: "Rebuild the community library roof", desc: "", site: "https://library.example/roof", currency: "USD", suggestedAmounts: ["5", "25", "100", "250", "1000", "5000"] } },
] as const;
/**
 * Orders: a payment a payer started on the zLink above and has not paid yet (no chain call), so
 * the filter in the URL asks for initiated ones (the default filter leaves them out).
 */
const ORDERS = "/transactions?txStatus=initiated";

async function lastRowButton(page: Page) {
  const row = page.getByRole("row").nth(1);
  await expect(row).toBeVisible({ timeout: 15_000 });
  return row.getByRole("button").last();
}

test("product tables and Orders fit 1280 and 360 px with each row's actions on screen", async ({ page }) => {
  test.setTimeout(150_000);
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: createSolanaTestWallet().address, chain: -5001, type: "manual" } });
  expect(attached.status(), await attached.text()).toBe(201);
  let zlink = "";
  for (const p of PAGES) {
    const created = await page.request.post(p.create, { headers: auth, data: p.data });
    expect(created.status(), await created.text()).toBe(201);
    if (p.path === "/quick-pays") zlink = (await created.json()).data.info.hashedId;
  }
  const payer = Keypair.generate().publicKey.toBase58();
  const started = await page.request.post(`http://localhost:${E2E_PAYMENTS_PORT}/api/pay/${zlink}/start`, {
    data: { chainId: -5001, token: "USDC", payer, sessionId: "tables-fit" },
  });
  expect(started.status(), await started.text()).toBe(200);
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const path of [...PAGES.map((p) => p.path), ORDERS]) {
      await page.goto(path);
      const button = await lastRowButton(page);
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect.soft(box.x + box.width, `${path} at ${width} px: the row's last button ends past the window`).toBeLessThanOrEqual(width);
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} at ${width} px scrolls sideways`).toBe(0);
      // The table's own box does not hide a column behind a sideways scroll either.
      const hidden = await page.evaluate(() => [...document.querySelectorAll("table")].map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth).filter((d) => d > 1));
      expect.soft(hidden, `${path} at ${width} px: a table scrolls sideways inside its box`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/table-fit-${new URL(path, "http://x").pathname.slice(1)}-${width}.png` });
    }
  }
});
