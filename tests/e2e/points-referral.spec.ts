import { expect, test } from "@playwright/test";
import { signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { E2E_APP_PORT, merchantReceivingEverywhere, merchantSeesCompleted, SHOTS, toast } from "./pay-helpers";

const EMPTY = "No referrals yet? Share your link and start earning rewards!";

test("a merchant shares their referral link; a new merchant signs up through it and appears in the first one's list", async ({ page, browser, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInMerchant(page);

  // Referral is in the side menu now that its screen is built.
  await expect(page.getByRole("navigation").getByRole("link", { name: "Referral" })).toHaveAttribute("href", "/referral");
  await page.goto("/referral");
  await expect(page).toHaveTitle("Referral - zPay");
  await expect(page.getByText(EMPTY)).toBeVisible();
  const link = (await page.locator("code").filter({ hasText: "?r=" }).textContent())!.trim();
  expect(link).toMatch(new RegExp(`^http://localhost:${E2E_APP_PORT}/\\?r=[A-Z2-9]{8}$`));
  await page.getByRole("button", { name: "Copy referral link" }).click();
  await expect(toast(page, "Referral link copied to clipboard!")).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.screenshot({ path: `${SHOTS}/referral-empty.png`, fullPage: true });

  // Someone opens the link: it takes them to sign-in with the code, and they sign up.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.addInitScript(() => localStorage.setItem("zpay.onboarding", JSON.stringify({ donotShow: true, firstTime: false })));
  const wallet = createSolanaTestWallet("Friend Wallet");
  await wallet.install(friend);
  await friend.goto(link);
  await expect(friend).toHaveURL(new RegExp(`/auth\\?r=${link.split("=")[1]}$`));
  await friend.getByRole("button", { name: "Continue with Friend Wallet" }).click();
  await friend.getByRole("dialog").getByRole("button", { name: "Accept" }).click();
  await expect(friend).toHaveURL(/\/dashboard$/);
  // The newcomer has no referrals of their own.
  await friend.goto("/referral");
  await expect(friend.getByText(EMPTY)).toBeVisible();
  await friendContext.close();

  // The referrer sees them, dated today, and counts them on the points page.
  await page.reload();
  const list = page.getByRole("list", { name: "Referrals, newest first" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText("No e-mail yet");
  await expect(page.getByText("1 referral", { exact: true })).toBeVisible();
  await expect(list).toHaveAttribute("tabindex", "0");
  await page.screenshot({ path: `${SHOTS}/referral-one.png`, fullPage: true });
  await page.goto("/points");
  const people = page.getByText("Total people referred").locator("xpath=following-sibling::dd");
  await expect(people).toHaveText("1");
});

test("a paid payment raises the merchant's points, on the points page and in the top bar", async ({ page, browser, context }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { orderId, link, row } = await merchantReceivingEverywhere(page, "Points journey", "12.5");

  await page.goto("/points");
  await expect(page).toHaveTitle("Points - zPay");
  const earned = page.getByTestId("points-earned");
  await expect(earned).toHaveText("0");
  await expect(page.getByText("Referral boost").locator("xpath=following-sibling::dd")).toHaveText("20%");
  // No points yet: the top bar's button has no counter, and its popover leads here.
  await expect(page.getByTestId("points-counter")).toHaveCount(0);
  await page.getByRole("button", { name: "Points", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Points" }).getByRole("link", { name: "See your points" })).toHaveAttribute("href", "/points");
  await page.keyboard.press("Escape");
  await page.screenshot({ path: `${SHOTS}/points-zero.png`, fullPage: true });

  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  const hash = (await payerPage.getByRole("link", { name: /View on the explorer/ }).getAttribute("href"))!.split("/").pop()!;
  await payerContext.close();
  await merchantSeesCompleted(page, row, orderId, -5001, hash);

  // $12.50 received: 12.5 points, 13 earned (rounded up).
  await page.goto("/points");
  await expect(earned).toHaveText("13");
  await expect(page.getByText("Total points received").locator("xpath=following-sibling::dd")).toHaveText("12.5");
  await expect(page.getByRole("button", { name: "Points 13" })).toBeVisible();
  await expect(page.getByTestId("points-counter")).toHaveText("13");
  await page.screenshot({ path: `${SHOTS}/points-after-payment.png`, fullPage: true });
  await page.getByTestId("points-counter").click();
  await page.getByRole("link", { name: "See your points" }).click();
  await expect(page).toHaveURL(/\/points$/);
});
