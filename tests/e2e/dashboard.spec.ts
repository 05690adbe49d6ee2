import { expect, test, type Browser } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantReceivingEverywhere, overflow, SHOTS } from "./pay-helpers";

/** A new payer on a phone opens the link, takes test coins and pays it with a Solana wallet. */
async function payWithSolana(browser: Browser, link: string, amountLabel: string) {
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: amountLabel }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 45_000 });
  await payerContext.close();
}

test("after a real payment the dashboard shows the figures, the chart, the balances and the payment", async ({ page, context, browser }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { link } = await merchantReceivingEverywhere(page, "Dashboard beans", "12.5");

  // Before any payment: no figures, zero balances, the guide to the first link.
  await page.goto("/dashboard");
  await expect(page.getByTestId("balance-total")).toHaveText("$0.00");
  await expect(page.getByTestId("volume-card")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create Payment Link" })).toHaveAttribute("href", "/quick-pays?open-create=true");
  await expect(page.getByText("No transactions yet.")).toBeVisible();

  await payWithSolana(browser, link, "Pay $12.50");

  await page.reload();
  await expect(page.getByTestId("volume-card")).toContainText("$12.50");
  await expect(page.getByTestId("transactions-card")).toContainText("1");
  await expect(page.getByTestId("volume-card")).toContainText("No payments in the previous 7 days");
  // The balances come from the local Solana node: the payment landed in the merchant's USDC account.
  await expect(page.getByTestId("balance-USDC")).toHaveText("12.5");
  await expect(page.getByTestId("balance-total")).toHaveText("$12.50");
  const recent = page.getByTestId("recent-transactions");
  await expect(recent.getByText("12.5 USDC")).toBeVisible();
  await expect(recent.getByText("Completed")).toBeVisible();
  await expect(recent.getByRole("link", { name: "View Transactions" })).toHaveAttribute("href", "/transactions");
  // The chart's module loads once the chart is in view, and draws 7-day data.
  const chart = page.getByTestId("volume-chart");
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator(".apexcharts-svg")).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/dashboard-desktop.png`, fullPage: true });

  // The same dashboard on a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByTestId("volume-card")).toContainText("$12.50");
  await expect(page.getByTestId("balance-total")).toHaveText("$12.50");
  await page.getByTestId("volume-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("volume-chart").locator(".apexcharts-svg")).toBeVisible({ timeout: 15_000 });
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/dashboard-phone.png`, fullPage: true });
});

test("a merchant never paid does not load the chart's code", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await merchantReceivingEverywhere(page, "Lazy chart", "3");
  await page.goto("/dashboard");
  await expect(page.getByTestId("balance-total")).toBeVisible();
  // A merchant never paid has no chart at all, so the chart's module (ApexCharts) never loads. The
  // small lazy wrapper may have a chunk of its own (the admin statistics page shares it).
  expect(scripts.some((s) => /\/volume-chart\.[^/]*\.js$/.test(s))).toBe(false);
});
