import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PAY_ORIGIN, startSdkBrowserFixture, type SdkBrowserFixture } from "../../../tests/fixtures/sdk-browser";
import { ZpayButton } from "./index.ts";

describe("ZpayButton markup", () => {
  it("a type=button with the SDK's class and look, the label given or the default, and refuses a script URL", () => {
    const html = renderToStaticMarkup(createElement(ZpayButton, { url: "https://pay.example.com/?p=abc", className: "mine" }));
    expect(html).toMatch(/^<button type="button" class="zpay-pay-button mine" style="display:inline-flex;[^"]*background:#4f46e5[^"]*" data-zpay-url="https:\/\/pay.example.com\/\?p=abc">Pay with zpay<\/button>$/);
    expect(renderToStaticMarkup(createElement(ZpayButton, { url: "https://pay.example.com/?p=abc", unstyled: true }, "Payer"))).not.toContain("style=");
    expect(() => renderToStaticMarkup(createElement(ZpayButton, { url: "javascript:alert(1)" }))).toThrow(TypeError);
  });
});

/** A shop's React page with two buttons, bundled the way a merchant's bundler would. */
async function shopBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { createRoot } from "react-dom/client";
        import { ZpayButton } from "@zpay/react";
        const url = window.PAY_URL;
        createRoot(document.getElementById("root")).render(
          <main>
            <ZpayButton url={url}>Pay $12.50</ZpayButton>
            <ZpayButton url={url} openIn="new-tab" onClick={(e) => { window.clicked = true; if (window.BLOCK) e.preventDefault(); }} />
          </main>,
        );`,
      loader: "tsx",
      resolveDir: fileURLToPath(new URL("../../..", import.meta.url)),
    },
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

describe("ZpayButton in a React page, in Chromium", () => {
  let f: SdkBrowserFixture;
  let script: string;
  beforeAll(async () => {
    [f, script] = await Promise.all([startSdkBrowserFixture(), shopBundle()]);
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
  });

  const open = async (name: string, block = false) => {
    const payment = await f.payment();
    const context = await f.browser.newContext();
    await context.route(`${PAY_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>zpay pay page</h1>" }));
    const page = await context.newPage();
    const html = `<!doctype html><html><body><div id="root"></div><script>window.PAY_URL = ${JSON.stringify(payment.url)}; window.BLOCK = ${block};</script><script>${script.replace(/<\/script/gi, "<\\/script")}</script></body></html>`;
    await page.goto(f.page(`/${name}`, html));
    return { page, payment };
  };

  it("opens the payment's hosted page in this tab", async () => {
    const { page, payment } = await open("react");
    await page.getByRole("button", { name: "Pay $12.50" }).click();
    await page.waitForURL(payment.url);
    expect(await page.locator("h1").textContent()).toBe("zpay pay page");
    await page.context().close();
  });

  it("opens it in a new tab when asked; the merchant's onClick runs first and can prevent it", async () => {
    const { page, payment } = await open("react-new-tab");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Pay with zpay" }).click()]);
    await tab.waitForURL(payment.url);
    expect(await page.evaluate(() => (window as unknown as { clicked: boolean }).clicked)).toBe(true);
    await page.context().close();

    const blocked = await open("react-blocked", true);
    let opened = false;
    blocked.page.context().on("page", () => (opened = true));
    await blocked.page.getByRole("button", { name: "Pay with zpay" }).click();
    await blocked.page.waitForFunction(() => (window as unknown as { clicked?: boolean }).clicked === true);
    // The same click without preventDefault opened a tab; this one did not.
    expect(opened).toBe(false);
    expect(blocked.page.url()).toContain("/react-blocked");
    await blocked.page.context().close();
  });
});
