import { expect, test, type Page } from "@playwright/test";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { SHOTS } from "./pay-helpers";
import { paySolanaFromNode } from "./pay-from-node";

/**
 * Every product table, and Orders, fits the screen with its actions in reach: at 1280 px beside
 * the side menu (a table) and at 360 px (cards), the first row's last button — the row menu, or
 * Copy Link / Details where a row has no menu — lies inside the window, and the page never scrolls
 * sideways. Rows carry long but ordinary values: a full name, a long work e-mail, a large amount,
 * a payer's Solana address.
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
 * Orders, with its default filter: a paid payment (a payer's address, a received amount, a Refund
 * in its menu) of a zLink of its own, priced within what the sandbox faucet gives a payer.
 */
const ORDERS = "/transactions";
const ORDERED = { label: "Annual membership, premium tier, renewal", desc: "", price: "999.99", currency: "USDC", userCurrency: "USD" };

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
  const ordered = await page.request.post("/api/quick-pays/create", { headers: auth, data: ORDERED });
  expect(ordered.status(), await ordered.text()).toBe(201);
  await paySolanaFromNode(page.request, (await ordered.json()).data.info.hashedId);
  for (const p of PAGES) {
    const created = await page.request.post(p.create, { headers: auth, data: p.data });
    expect(created.status(), await created.text()).toBe(201);
  }
  await expect
    .poll(async () => (await (await page.request.get("/api/transactions", { headers: auth })).json()).data.table.list.length, { timeout: 30_000 })
    .toBe(1);
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
