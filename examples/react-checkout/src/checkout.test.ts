import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { PAY_ORIGIN, startSdkBrowserFixture, type SdkBrowserFixture } from "../../../tests/fixtures/sdk-browser";
import { shopHandler } from "../../node-server/src/shop.ts";

describe("the React checkout example, with the example shop server, in Chromium", () => {
  let f: SdkBrowserFixture;
  let server: Server;
  let shopUrl: string;
  const log: string[] = [];
  beforeAll(async () => {
    f = await startSdkBrowserFixture();
    // The example as its vite dev server would give it: main.tsx bundled, index.html around it.
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL("./main.tsx", import.meta.url))],
      bundle: true,
      write: false,
      format: "esm",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    });
    const script = bundle.outputFiles[0].text;
    const shop = shopHandler({ zpay: f.zpay, secret: f.secret, zpayBaseUrl: f.appUrl, log: (line) => log.push(line) });
    // One origin, as the vite proxy makes it: the page and its script here, POST /checkout to the shop.
    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/react") return void res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><div id="root"></div><script type="module" src="/react/main.js"></script>`);
      if (path === "/react/main.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end(script);
      shop(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await f?.stop();
  });

  it("asks the shop server for the order's payment (idempotent per order) and its ZpayButton opens the pay page", async () => {
    const context = await f.browser.newContext();
    await context.route(`${PAY_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>zpay pay page</h1>" }));
    const page = await context.newPage();
    await page.goto(`${shopUrl}/react?order=R-1`);
    const button = page.getByRole("button", { name: "Pay $12.50 with zpay" });
    await button.waitFor();
    // A reload asks again: the same order gets the same payment.
    await page.reload();
    await button.waitFor();
    const payments = (await f.zpay.payments.list({ orderId: "R-1" })).data;
    expect(payments).toHaveLength(1);
    expect(log).toEqual([`checkout R-1: payment ${payments[0].id}`, `checkout R-1: payment ${payments[0].id} (replayed)`]);
    await button.click();
    await page.waitForURL(payments[0].url);
    await context.close();
  });
});
