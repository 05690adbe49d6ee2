import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInMerchant } from "../fixtures/merchant";

/** A cached session as the app keeps it, enough for the static frame's menu script. */
function cacheSession(page: Page, permissions: string[]) {
  return page.addInitScript((granted) => {
    const session = {
      _id: "static-shell-merchant",
      publicKey: "11111111111111111111111111111111",
      email: null,
      acceptedTerms: true,
      referralCode: "ABCD2345",
      token: "not-checked-here",
      validTill: new Date(Date.now() + 3_600_000).toISOString(),
      settings: { permissions: granted, rampOnly: false, isOnboarded: true },
    };
    localStorage.setItem("zpay.session", JSON.stringify(session));
  }, permissions);
}

/** Sums the layout shifts the page has reported (CLS without the session windows: an upper bound). */
async function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

test.describe("pages paint before JavaScript", () => {
  test("with JavaScript disabled, the dashboard shows the side menu and its title", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/dashboard");
    const menu = page.getByRole("navigation", { name: "Navigation" });
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "External API Docs" })).toHaveAttribute("href", "/api/docs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
    await page.screenshot({ path: "test-results/screens/dashboard-no-js.png" });
    await context.close();
  });

  test("with JavaScript disabled, a phone opens the side menu from the top bar, by touch or keyboard", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/dashboard");
    // A native disclosure: <summary> is the button, named by its hidden text.
    const openMenu = page.locator("summary", { hasText: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Navigation" });
    await expect(menu).toHaveCount(0); // the desktop menu is not shown at 360 px
    await openMenu.tap();
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "External API Docs" })).toHaveAttribute("href", "/api/docs");
    await page.screenshot({ path: "test-results/screens/dashboard-no-js-phone-menu.png" });
    await openMenu.tap();
    await expect(menu).toHaveCount(0);

    await openMenu.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.close();
  });

  test("with JavaScript disabled, each settings tab is served with its own title under the Settings heading", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/settings/deposits");
    await expect(page).toHaveTitle("Deposits - zPay");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    for (const [path, title] of [
      ["/settings/security", "Security - zPay"],
      ["/settings/notifications", "Notifications - zPay"],
    ]) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    }
    await context.close();
  });

  test("the 404 page paints its text and the way home with no script to download, in the reader's language", async ({ browser }) => {
    for (const [locale, lang, heading, title, home] of [
      ["en-US", "en", "Page not found", "Not found - zPay", "Go to the home page"],
      ["fr-FR", "fr", "Page introuvable", "Page introuvable - zPay", "Aller à l’accueil"],
    ] as const) {
      const context = await browser.newContext({ locale, viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("link", { name: home })).toHaveAttribute("href", "/");
      expect(scripts).toEqual([]);
      await page.screenshot({ path: `test-results/screens/404-${lang}-360.png` });
      await context.close();
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
    await context.close();
  });

  test("with JavaScript disabled, the zLink page shows its title under the same frame", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/quick-pays");
    await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("zLink");
    await context.close();
  });

  test("with JavaScript disabled, /auth shows the sign-in heading", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await expect(page.getByText("Connect your Solana wallet")).toBeVisible();
    await context.close();
  });

  test("the static frames, as painted before JavaScript, have no axe violations", async ({ browser }) => {
    for (const path of ["/dashboard", "/quick-pays", "/settings", "/settings/deposits", "/auth", "/no-such-page"]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // What shows is the static frame alone (with its inline scripts): the island code never arrives.
      await page.route("**/_astro/**/*.js", (route) => route.abort());
      await cacheSession(page, ["quickpay"]);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
      await context.close();
    }
  });

  test("the static frame's phone menu, opened, has no axe violations", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.route("**/_astro/**/*.js", (route) => route.abort());
    await cacheSession(page, ["quickpay"]);
    await page.goto("/dashboard");
    await page.locator("summary", { hasText: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "zLink" })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await context.close();
  });

  test("a stored French choice gives the French frame before JavaScript has run", async ({ page }) => {
    await page.route("**/_astro/**/*.js", (route) => route.abort());
    await page.addInitScript(() => localStorage.setItem("zpay.language", "fr"));
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
  });

  test("before the island runs, the menu holds exactly the items the cached permissions allow", async ({ browser }) => {
    for (const [permissions, zLinkCount] of [
      [["quickpay"], 1],
      [[], 0],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // Island code never arrives: what shows is the static frame and its inline script.
      await page.route("**/_astro/**/*.js", (route) => route.abort());
      await cacheSession(page, [...permissions]);
      await page.goto("/dashboard");
      const menu = page.getByRole("navigation", { name: "Navigation" });
      await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "zLink" })).toHaveCount(zLinkCount);
      await context.close();
    }
  });

  test("a signed-in merchant's dashboard and zLink pages hand over from frame to island without shifting", async ({ page }) => {
    await signInMerchant(page);
    for (const viewport of [page.viewportSize()!, { width: 360, height: 740 }]) {
      await page.setViewportSize(viewport);
      for (const path of ["/dashboard", "/quick-pays"]) {
        await page.goto(path);
        await expect(page.locator("[data-merchant-shell]")).toBeVisible();
        await expect(page.locator("[data-static-frame]")).toBeHidden();
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        expect(await layoutShiftTotal(page), `${path} at ${viewport.width} px`).toBeLessThanOrEqual(0.05);
      }
    }
  });

  test("a signed-in merchant's /settings/deposits keeps its title and heading when the island takes over", async ({ page }) => {
    await signInMerchant(page);
    await page.goto("/settings/deposits");
    await expect(page.locator("[data-merchant-shell]")).toBeVisible();
    await expect(page.locator("[data-static-frame]")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(page.getByRole("link", { name: "Deposits" })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("Deposits - zPay");
  });

  test("/auth paints and hydrates without the wallet adapter, which follows by dynamic import", async ({ page }) => {
    // Hold every chunk of the wallet code back: the live sign-in panel must not need it.
    const walletCode = /\/_astro\/(wallet-sign-in|WalletProvider)\.[\w-]+\.js$/;
    const held: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(walletCode, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto("/auth");
    await expect(page.locator("[data-signin-panel]")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    // Idle came: the wallet code was asked for, and nothing else waits on it.
    await expect.poll(() => held.some((url) => /wallet-sign-in/.test(url))).toBe(true);
    await expect(page.getByText(/No Solana wallet was found/)).toHaveCount(0);
    release();
    await expect(page.getByText(/No Solana wallet was found/)).toBeVisible();
  });
});
