import { expect, test, type Page } from "@playwright/test";
import { createSolanaTestWallet, type SolanaTestWallet } from "../fixtures/solana-wallet";
import { signInMerchant } from "../fixtures/merchant";

const SESSION_KEY = "zpay.session";

async function startSignIn(page: Page, wallet: SolanaTestWallet, path = "/auth") {
  await wallet.install(page);
  await page.goto(path);
  await page.getByRole("button", { name: `Continue with ${wallet.name}` }).click();
}

test.describe("merchant sign-in", () => {
  test("first sign-in: sign, accept the terms, land on the dashboard; a return visit (to /auth or /) goes straight in", async ({ page }) => {
    const wallet = createSolanaTestWallet();
    await startSignIn(page, wallet);
    const terms = page.getByRole("dialog");
    await expect(terms).toBeVisible();
    await page.screenshot({ path: "test-results/screens/auth-terms.png" });
    await terms.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle("overview - zPay");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
    await expect(page.getByText(/\?r=[A-Z2-9]{8}/)).toBeVisible();
    expect(wallet.requests).toEqual(["connect", "signMessage"]);
    // First visit: the guided tour opens by itself; Next to the end, then 'All Done!' closes it.
    // (exact: the dashboard also has "Hide next steps")
    const tour = page.getByRole("dialog", { name: "Your tools" });
    await expect(tour).toContainText("1/4");
    await page.screenshot({ path: "test-results/screens/dashboard.png" });
    for (let step = 1; step < 4; step += 1) await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Your account" })).toContainText("4/4");
    await page.getByRole("button", { name: "All Done!" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/auth");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
    await expect(page.getByRole("dialog")).toHaveCount(0); // the onboarding flag remembers the tour
    // Signed in, the home page goes straight to the dashboard too.
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a wallet with Sign-In With Solana signs in through solana:signIn", async ({ page }) => {
    const wallet = createSolanaTestWallet("zPay Sign-In Wallet", { signIn: true });
    await startSignIn(page, wallet);
    await page.getByRole("dialog").getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(wallet.requests).toEqual(["connect", "signIn"]);
  });

  test("rejecting the terms disconnects the wallet and keeps the merchant out", async ({ page }) => {
    const wallet = createSolanaTestWallet();
    await startSignIn(page, wallet);
    await page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect.poll(() => wallet.requests).toContain("disconnect");
    expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toBeNull();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
  });

  test("a signed-out deep link goes to /auth told to come back, keeping the referral code /auth reads", async ({ page }) => {
    await page.goto("/dashboard?open-share=true&r=ABCD2345");
    await expect(page).toHaveURL(/\/auth\?r=ABCD2345&next=%2Fdashboard%3Fopen-share%3Dtrue%26r%3DABCD2345$/);
    await expect(page).toHaveTitle("Sign in - zPay");
  });

  test("a signed-out deep link to filtered orders: sign in, and land on those orders with their filter", async ({ page }) => {
    const wallet = createSolanaTestWallet();
    await page.addInitScript(() => localStorage.setItem("zpay.onboarding", JSON.stringify({ donotShow: true, firstTime: false })));
    await wallet.install(page);
    await page.goto("/transactions?txStatus=paid");
    await expect(page).toHaveURL(/\/auth\?next=%2Ftransactions%3FtxStatus%3Dpaid$/);
    await page.getByRole("button", { name: `Continue with ${wallet.name}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Accept" }).click();

    await expect(page).toHaveURL(/\/transactions\?txStatus=paid$/);
    await expect(page.getByRole("heading", { name: "Orders", level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Paid", exact: true })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Partly paid" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Validated" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Failed" })).not.toBeChecked();
  });

  test("an expired cached session is dropped and the visitor sent to /auth, told to come back", async ({ page }) => {
    await page.addInitScript((key) => {
      localStorage.setItem(
        key,
        JSON.stringify({ _id: "x", token: "t", validTill: "2020-01-01T00:00:00Z", acceptedTerms: true, settings: { permissions: [] } }),
      );
    }, SESSION_KEY);
    await page.goto("/settings/security");
    await expect(page).toHaveURL(/\/auth\?next=%2Fsettings%2Fsecurity$/);
  });

  test("a session revoked on the server: the expiry message, then /auth (coming back) after 2 s", async ({ page, request }) => {
    const wallet = createSolanaTestWallet();
    await startSignIn(page, wallet);
    await page.getByRole("dialog").getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!).token as string, SESSION_KEY);
    expect((await request.get("/api/signout", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await page.reload();
    // The toast says it (the dashboard's cards, whose reads failed the same way, may repeat it in their own alerts).
    await expect(page.getByText("Current logged-in session has expired, please login again", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/, { timeout: 5000 });
  });

  test("Sign in again from zAPI (the API keys' home; Security links there) comes back there, and reveals the secret", async ({ page }) => {
    const wallet = await signInMerchant(page);
    // The server refuses an old session's secret (fresh-sign-in.test.ts checks it); a journey cannot
    // age its session, so the first read answers what the server answers then, word for word.
    await page.route(
      "**/api/integrations",
      (route) =>
        route.fulfill({
          status: 401,
          contentType: "application/json",
          body: JSON.stringify({ code: "fresh_sign_in_required", message: "For your security, please sign in again (within the last 10 minutes) to do this." }),
        }),
      { times: 1 },
    );
    // Settings › Security points to the keys' one home.
    await page.goto("/settings/security");
    await page.getByRole("link", { name: "Open API keys" }).click();
    await expect(page).toHaveURL(/\/zapi$/);
    await page.getByRole("button", { name: "Show webhook secret" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "needs a recent sign-in" });
    await expect(alert).toBeVisible();
    await alert.getByRole("button", { name: "Sign in again" }).click();

    await expect(page).toHaveURL(/\/auth\?next=%2Fzapi$/);
    await page.getByRole("button", { name: `Continue with ${wallet.name}` }).click();
    await expect(page).toHaveURL(/\/zapi$/);
    await page.getByRole("button", { name: "Show webhook secret" }).click();
    await expect(page.getByTestId("api-secret")).toHaveText(/^whsec_/);
  });

  test("the webhook form keeps what was typed across Sign in again, never the store secret", async ({ page }) => {
    const wallet = await signInMerchant(page);
    // As above: the first save answers what the server answers an old session.
    let refused = false;
    await page.route("**/api/integrations", (route) => {
      if (route.request().method() !== "POST" || refused) return route.fallback();
      refused = true;
      return route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ code: "fresh_sign_in_required", message: "For your security, please sign in again (within the last 10 minutes) to do this." }),
      });
    });
    const endpoint = "http://127.0.0.1:9/zpay-hooks";
    await page.goto("/settings/security");
    await page.getByRole("textbox", { name: "API webhook endpoint" }).fill(endpoint);
    await page.getByRole("textbox", { name: "Store", exact: true }).fill("e2e-shop.myshopify.com");
    await page.getByLabel("Store secret").fill("shpss_never_kept");
    await page.getByRole("button", { name: "Save" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "needs a recent sign-in" });
    await alert.getByRole("button", { name: "Sign in again" }).click();

    await expect(page).toHaveURL(/\/auth\?next=%2Fsettings%2Fsecurity$/);
    const draft = await page.evaluate(() => sessionStorage.getItem("zpay.webhookDraft"));
    expect(draft).toContain(endpoint);
    expect(draft).not.toContain("shpss_never_kept");
    await page.getByRole("button", { name: `Continue with ${wallet.name}` }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);
    await expect(page.getByRole("textbox", { name: "API webhook endpoint" })).toHaveValue(endpoint);
    await expect(page.getByRole("textbox", { name: "Store", exact: true })).toHaveValue("e2e-shop.myshopify.com");
    await expect(page.getByLabel("Store secret")).toHaveValue("");
    await expect(page.getByText("except the store secret (never kept): type it again, then save.")).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("zpay.webhookDraft"))).toBeNull();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Updated successfully", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "API webhook endpoint" })).toHaveValue(endpoint);
  });

  test("/auth never sends a signed-in merchant to another site, whatever `next` says", async ({ page }) => {
    await signInMerchant(page);
    for (const next of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(document.domain)"]) {
      await page.goto(`/auth?next=${encodeURIComponent(next)}`);
      await expect(page, next).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
    }
    await page.goto("/auth?next=%2Fsettings%2Fsecurity");
    await expect(page).toHaveURL(/\/settings\/security$/);
  });

  test("the sign-in screen in French", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("zpay.language", "fr"));
    const wallet = createSolanaTestWallet();
    await wallet.install(page);
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
    await expect(page.getByRole("button", { name: `Continuer avec ${wallet.name}` })).toBeVisible();
    await expect(page).toHaveTitle("Connexion - zPay");
    await page.screenshot({ path: "test-results/screens/auth-fr.png" });
  });
});

test("the merchant shell on a 360 px phone: menu behind a button, no sideways scroll", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const wallet = createSolanaTestWallet();
  await startSignIn(page, wallet);
  await page.getByRole("dialog").getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await expect(page.getByRole("dialog", { name: "Your tools" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/dashboard-360.png" });
  await page.getByRole("button", { name: "Close tour" }).click();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/dashboard-360-menu.png" });
  await context.close();
});
