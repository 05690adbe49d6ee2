import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { Keypair } from "@solana/web3.js";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { SHOTS, overflow } from "./pay-helpers";
import { paySolanaFromNode as pay, startSolanaPayment as start } from "./pay-from-node";

const SANDBOX_CHAIN = -5001;

test("a merchant filters, pages forward and back, searches by hash and downloads the CSV of what the filters select", async ({ page }) => {
  test.setTimeout(240_000);
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: createSolanaTestWallet().address, chain: SANDBOX_CHAIN, type: "manual" } });
  expect(attached.status(), await attached.text()).toBe(201);
  const created = await page.request.post("/api/quick-pays/create", { headers: auth, data: { label: "Orders tee", desc: "", price: "2", currency: "USDC", userCurrency: "USD" } });
  expect(created.status(), await created.text()).toBe(201);
  const orderId: string = (await created.json()).data.info.hashedId;

  // Three payments made on chain, twelve started and never paid (initiated).
  const hashes = [];
  for (let i = 0; i < 3; i++) hashes.push(await pay(page.request, orderId));
  for (let i = 0; i < 12; i++) await start(page.request, orderId, Keypair.generate());
  await expect
    .poll(async () => (await (await page.request.get("/api/transactions", { headers: auth })).json()).data.table.list.length, { timeout: 30_000 })
    .toBe(3);

  // Default filters (failed, validated, paid; yesterday–today): the three payments, no paging.
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 }).first()).toBeVisible();
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByRole("cell", { name: "zLink" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  // The days read dd/MM/yyyy whatever the browser's locale (an en-US date input would show MM/DD/YYYY).
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.screenshot({ path: `${SHOTS}/orders-default.png`, fullPage: true });

  // Initiated too (the defaults already hold partly paid, issue 28): fifteen rows, ten a page; the filter lives in the URL and survives a reload.
  await page.getByRole("checkbox", { name: "Initiated" }).click();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/transactions\?txStatus=failed%2Cvalidated%2Cpaid%2Cpartly_paid%2Cinitiated$/);
  await expect(rows).toHaveCount(10);
  await page.reload();
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole("checkbox", { name: "Initiated" })).toBeChecked();
  const firstPage = await rows.allTextContents();

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/transactions\/next\/\d+\/[0-9a-f-]{36}\?txStatus=/);
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/orders-page-2.png`, fullPage: true });
  const secondPage = await rows.allTextContents();
  expect(secondPage.filter((r) => firstPage.includes(r))).toEqual([]);

  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/transactions\/prev\/\d+\/[0-9a-f-]{36}\?txStatus=/);
  await expect(rows).toHaveCount(10);
  expect(await rows.allTextContents()).toEqual(firstPage);
  await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);

  // Search by hash: the one payment, and its details name that hash.
  await page.goto("/transactions");
  await page.getByRole("searchbox", { name: "Search" }).fill(hashes[1]);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`filterText=${hashes[1]}`));
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Details" }).click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toContainText(hashes[1].slice(0, 8));
  await page.screenshot({ path: `${SHOTS}/orders-hash-details.png` });
  await page.keyboard.press("Escape");

  // The CSV of the initiated-too filter: all fifteen, and only this merchant's.
  await page.goto("/transactions?txStatus=failed,validated,paid,initiated");
  await expect(rows).toHaveCount(10);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("transactions.csv");
  const csv = fs.readFileSync(await download.path(), "utf8").trim().split("\n");
  expect(csv[0]).toBe("Date,Order ID,Requested Amount,Received Amount,Currency,Status,Type,Hash,Payer,Chain");
  expect(csv).toHaveLength(1 + 15);
  expect(csv.slice(1).filter((l) => l.includes(",initiated,")).length).toBe(12);
  for (const hash of hashes) expect(csv.some((l) => l.includes(`,${hash},`))).toBe(true);
  await expect(page.getByText("transactions.csv downloaded (15 rows)")).toBeVisible();

  // On a phone: no sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/transactions");
  await expect(rows).toHaveCount(3);
  expect(await overflow(page)).toBe(0);
  // The filters fold behind their disclosure there, the search box stays in sight.
  const disclosure = page.getByRole("button", { name: "Filters" });
  await expect(disclosure).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("textbox", { name: "From" })).toBeHidden();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/orders-phone.png`, fullPage: true });
});
