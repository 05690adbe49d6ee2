import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { PAY_ORIGIN, startSdkBrowserFixture, type SdkBrowserFixture } from "../../../tests/fixtures/sdk-browser";
import { payPageUrl } from "./index.ts";

describe("payPageUrl", () => {
  it("keeps http(s) URLs and refuses script, data and credential URLs", () => {
    expect(payPageUrl("https://pay.example.com/?p=abc")).toBe("https://pay.example.com/?p=abc");
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "https://user:pw@pay.example.com/", "/relative", ""]) expect(() => payPageUrl(bad), bad).toThrow(TypeError);
  });
});

describe("the Web SDK's script tag, served by the app, in Chromium on a shop's page", () => {
  let f: SdkBrowserFixture;
  beforeAll(async () => {
    f = await startSdkBrowserFixture();
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
  });

  /** A page of the browser where the hosted pay page answers a marker instead of the network. */
  async function shopPage(): Promise<{ page: Page; errors: string[] }> {
    const context = await f.browser.newContext();
    await context.route(`${PAY_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>zpay pay page</h1>" }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    return { page, errors };
  }
  const html = (body: string) => `<!doctype html><html><head><script src="${f.appUrl}/sdk/zpay.js" async></script></head><body>${body}</body></html>`;

  it("is served at /sdk/zpay.js as JavaScript, precompressible and cacheable only after revalidation", async () => {
    const res = await fetch(`${f.appUrl}/sdk/zpay.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const text = await res.text();
    expect(text).toContain("Pay with zpay");
    // One self-contained script: no module syntax a classic <script> would choke on.
    expect(text).not.toMatch(/^\s*(import|export)\s/m);
  });

  it("renders a pay button in each [data-zpay-url] element; a click opens the payment's hosted page", async () => {
    const payment = await f.payment();
    const { page, errors } = await shopPage();
    await page.goto(f.page("/checkout", html(`<h1>Your order</h1><div id="pay" data-zpay-url="${payment.url}" data-zpay-label="Payer 12,50 $"></div><div data-zpay-url="${payment.url}"></div>`)));
    const buttons = page.getByRole("button");
    await buttons.first().waitFor();
    expect(await buttons.allTextContents()).toEqual(["Payer 12,50 $", "Pay with zpay"]);
    await page.getByRole("button", { name: "Payer 12,50 $" }).click();
    await page.waitForURL(payment.url);
    expect(await page.locator("h1").textContent()).toBe("zpay pay page");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens the pay page in a new tab when asked, and mounts from script with window.Zpay", async () => {
    const payment = await f.payment();
    const { page, errors } = await shopPage();
    await page.goto(
      f.page(
        "/new-tab",
        html(`<div data-zpay-url="${payment.url}" data-zpay-open-in="new-tab"></div><div id="later"></div>
        <script>addEventListener("load", () => window.Zpay.mountPayButton(document.getElementById("later"), { url: ${JSON.stringify(payment.url)}, label: "Pay later" }))</script>`),
      ),
    );
    const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Pay with zpay" }).click()]);
    await tab.waitForURL(payment.url);
    expect(page.url()).toContain("/new-tab");
    // The new tab has no handle on the shop's page (noopener).
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await page.getByRole("button", { name: "Pay later" }).click();
    await page.waitForURL(payment.url);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("renders no button for a URL that is not http(s), and says why in the console", async () => {
    const { page, errors } = await shopPage();
    let alerted = false;
    page.on("dialog", async (d) => {
      alerted = true;
      await d.dismiss();
    });
    await page.goto(f.page("/bad", html(`<div data-zpay-url="javascript:alert(1)"></div><p>end</p>`)));
    await page.waitForFunction(() => "Zpay" in window);
    expect(await page.getByRole("button").count()).toBe(0);
    expect(errors.join("\n")).toContain("the pay page URL must be http(s)");
    expect(alerted).toBe(false);
    await page.context().close();
  });
});
