import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Keypair } from "@solana/web3.js";
import { chromium, type Browser } from "playwright-core";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { startServer, type RunningServer } from "../src/server/server";
import { applyFact, createTransaction } from "../src/server/payments/service";
import { signedSigninBody } from "../src/server/testing/merchants";
import { newSolanaKey } from "../src/server/testing/solana-keys";
import { chromiumLaunch } from "../vitest.config";

/**
 * What a payer or merchant on a slow phone sees: each page opened cold in headless Chromium on a
 * 360 px phone profile (4× CPU slowdown, 1.6 Mbps down / 750 kbps up, 150 ms RTT, cache off),
 * measuring the JavaScript it downloads, its largest contentful paint and its layout shift.
 * Reports only; needs a front-end build in dist/ (`npm run build`).
 */
const PROFILE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
};
const CPU_SLOWDOWN = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
/** After the load event and a quiet network, how long to keep watching for late paints and shifts. */
const SETTLE_MS = 1500;

export interface PageResult {
  page: string;
  /** Scripts downloaded, as served (brotli for Chromium), KB. */
  jsKb: number;
  /** The same scripts gzip-encoded, KB: the targets are in gzip. */
  jsGzipKb: number;
  /** Scripts a page loads on its own later (the dashboard's chart), gzip KB, kept out of jsKb / jsGzipKb. */
  lazyGzipKb?: number;
  scripts: number;
  /** Largest contentful paint, ms after navigation start. */
  lcpMs: number;
  cls: number;
  /** When the page's data showed (its first row or its empty state), ms after navigation start; pages with no data to wait for leave it out. */
  dataMs?: number;
}

/**
 * What "the data is on screen" means for a merchant's list page: a real row of its table (not a
 * loading placeholder) or the table's empty state; for the dashboard, its recent payments (or
 * their empty line) in place of their placeholder.
 */
const LIST_READY = '[data-slot="data-table"] tbody tr:not([data-slot="data-table-skeleton-row"])';
const DASHBOARD_READY = '[data-testid="recent-transactions"] [data-slot="card-content"] > :not([aria-busy="true"])';

/** Observers installed before any page script: the largest paint so far and shifts without input. */
function observeVitals() {
  const w = window as unknown as { __vitals: { lcp: number; cls: number } };
  w.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__vitals.lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!e.hadRecentInput) w.__vitals.cls += e.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** Bytes of `url` as the server sends it to a client that accepts gzip only. */
function gzipSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let n = 0;
        res.on("data", (chunk: Buffer) => (n += chunk.length));
        res.on("end", () => resolve(n));
      })
      .on("error", reject);
  });
}

/** Throttled like a slow phone (the default), or as fast as this machine serves and renders (`local`). */
type Conditions = "phone" | "local";

async function measurePage(
  browser: Browser,
  name: string,
  url: string,
  localStorage: Record<string, string>,
  lazy?: RegExp,
  ready?: string,
  conditions: Conditions = "phone",
): Promise<PageResult> {
  const context = await browser.newContext(PROFILE);
  try {
    const origin = new URL(url).origin;
    if (Object.keys(localStorage).length) {
      await context.addInitScript(
        ({ origin, entries }) => {
          if (location.origin === origin) for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
        },
        { origin, entries: localStorage },
      );
    }
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (conditions === "phone") {
      await cdp.send("Network.emulateNetworkConditions", NETWORK);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    }
    // Encoded body bytes of every script response, as the network delivered them.
    const scripts = new Map<string, string>();
    const bodyBytes = new Map<string, number>();
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Script") scripts.set(e.requestId, e.response.url);
    });
    cdp.on("Network.dataReceived", (e) => bodyBytes.set(e.requestId, (bodyBytes.get(e.requestId) ?? 0) + e.encodedDataLength));
    cdp.on("Network.loadingFinished", (e) => {
      // encodedDataLength here counts headers too; the body is what dataReceived saw, or, when
      // Chromium reported none in pieces, the total.
      if (!bodyBytes.get(e.requestId)) bodyBytes.set(e.requestId, e.encodedDataLength);
    });
    await page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    // Polled every animation frame in the page: the moment the data is first in the DOM.
    const dataMs = ready
      ? await page
          .waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : 0), ready, { polling: "raf", timeout: 60_000 })
          .then((h) => h.jsonValue() as Promise<number>)
          .catch(() => {
            console.warn(`${name}: its data never showed (${ready})`);
            return undefined;
          })
      : undefined;
    await page.waitForLoadState("load", { timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    if (new URL(page.url()).pathname !== new URL(url).pathname) console.warn(`${name}: ended on ${page.url()}, not ${url}`);
    const vitals = await page.evaluate(() => (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals);
    const isLazy = (u: string) => Boolean(lazy?.test(new URL(u).pathname));
    const all = [...new Set(scripts.values())].filter((u) => u.startsWith("http"));
    const urls = all.filter((u) => !isLazy(u));
    const encoded = [...scripts.entries()].filter(([, u]) => !isLazy(u)).reduce((sum, [id]) => sum + (bodyBytes.get(id) ?? 0), 0);
    const gzipped = (await Promise.all(urls.map(gzipSize))).reduce((a, b) => a + b, 0);
    const lazyGzipped = (await Promise.all(all.filter(isLazy).map(gzipSize))).reduce((a, b) => a + b, 0);
    return {
      page: name,
      jsKb: Math.round(encoded / 1024),
      jsGzipKb: Math.round(gzipped / 1024),
      ...(lazy ? { lazyGzipKb: Math.round(lazyGzipped / 1024) } : {}),
      scripts: urls.length,
      lcpMs: Math.round(vitals.lcp),
      cls: Math.round(vitals.cls * 1000) / 1000,
      ...(dataMs !== undefined ? { dataMs: Math.round(dataMs) } : {}),
    };
  } finally {
    await context.close();
  }
}

/** A signed-in merchant with a receiving wallet and one zLink, made through the running server's API. */
async function merchantWithLink(server: RunningServer) {
  const app = { request: (p: string, init?: RequestInit) => fetch(`${server.appUrl}${p}`, init) };
  const key = newSolanaKey();
  const signin = await fetch(`${server.appUrl}/api/solana-signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(await signedSigninBody(app, key)),
  });
  if (signin.status !== 200) throw new Error(`sign-in: ${signin.status} ${await signin.text()}`);
  // What the browser keeps after signing in (stores/session.ts): the user with token and validTill.
  const user = ((await signin.json()) as { data: { user: { token: string } } }).data.user;
  const auth = { authorization: `Bearer ${user.token}` };
  await fetch(`${server.appUrl}/api/accept-terms`, { method: "POST", headers: auth });
  const json = { "content-type": "application/json", ...auth };
  const wallet = await fetch(`${server.appUrl}/api/wallet/networks`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ address: Keypair.generate().publicKey.toBase58(), type: "manual", version: 1 }),
  });
  if (wallet.status !== 201) throw new Error(`attach wallet: ${wallet.status} ${await wallet.text()}`);
  const created = await fetch(`${server.appUrl}/api/quick-pays/create`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ label: "Coffee beans", description: "1 kg, whole beans", price: "12.5", currency: "USDC" }),
  });
  if (created.status !== 201) throw new Error(`create zLink: ${created.status} ${await created.text()}`);
  const link = ((await created.json()) as { data: { info: { hashedId: string } } }).data.info;
  // An invoice for the payer's invoice page: a payee, then a v1 invoice of three lines.
  const payee = await fetch(`${server.appUrl}/api/v1/customers`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "Ada Lovelace", email: "ada@example.com", address: ["1 Analytical Way", "London"] }),
  });
  if (payee.status !== 201) throw new Error(`create payee: ${payee.status} ${await payee.text()}`);
  const client = ((await payee.json()) as { data: { customer: { _id: string } } }).data.customer._id;
  const line = (description: string, value: string) => ({ description, quantity: "2", unitPrice: { currency: "USD", value }, taxPercent: "20" });
  const invoice = await fetch(`${server.appUrl}/api/v1/invoices`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      issuedOn: new Date().toISOString().slice(0, 10),
      paymentDueOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      client,
      currency: "USD",
      invoiceInclusions: [line("Logo design", "250"), line("Brand guide", "400"), line("Revisions", "60")],
      notes: "Thank you for your business.",
    }),
  });
  if (invoice.status !== 201) throw new Error(`create invoice: ${invoice.status} ${await invoice.text()}`);
  const invoiceId = ((await invoice.json()) as { data: { invoice: { hashedId: string } } }).data.invoice.hashedId;
  return { session: { ...user, acceptedTerms: true }, hashedId: link.hashedId, invoiceId };
}

/** A validated payment for the merchant, straight into the database: the dashboard then draws its cards and chart. */
async function recordPaidPayment(server: RunningServer, userId: string) {
  const solana = server.chains.solana;
  if (!solana) throw new Error("no Solana network to record a payment on");
  const reference = Keypair.generate().publicKey.toBase58();
  const tx = await createTransaction(server.database.db, {
    productType: "quick-pay",
    productId: null,
    userId,
    chainId: solana.chainId,
    token: "USDC",
    tokenAddress: solana.mints.USDC,
    decimals: 6,
    recipient: reference,
    recipientTokenAccount: reference,
    requestedAmount: 12_500_000n,
    reference,
  });
  const fact = { kind: "transfer" as const, chainId: solana.chainId, reference, signature: `bench-${reference}`, instructionIndex: 0, payer: reference, recipientTokenAccount: reference, mint: solana.mints.USDC, amount: 12_500_000n };
  await applyFact({ db: server.database.db }, tx.id, { ...fact, commitment: "confirmed" });
  await applyFact({ db: server.database.db }, tx.id, { ...fact, commitment: "finalized" });
}

/** The merchant's list pages, each measured for when its rows (or its empty state) show. */
const LIST_PAGES: [string, string][] = [
  ["/quick-pays (zLink, signed in)", "/quick-pays"],
  ["/collects (zRequest, signed in)", "/collects"],
  ["/bills (zInvoice, signed in)", "/bills"],
  ["/checkouts (zCart, signed in)", "/checkouts"],
  ["/donates (Donations, signed in)", "/donates"],
  ["/transactions (Orders, signed in)", "/transactions"],
];

export async function benchPages(): Promise<PageResult[]> {
  if (!fs.existsSync(path.resolve("dist/index.html"))) {
    console.warn("No front-end build in dist/: run `npm run build` first; skipping the page bench.");
    return [];
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-bench-pages-"));
  const env = parseEnv({ APP_PORT: "0", PAYMENTS_PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", SIGNIN_RATE_LIMIT: "1000" });
  const server = await startServer(env, createLogger("warn"));
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const m = await merchantWithLink(server);
    const signedIn = { "zpay.session": JSON.stringify(m.session), "zpay.onboarding": JSON.stringify({ donotShow: true, firstTime: false }) };
    const paid = await merchantWithLink(server);
    await recordPaidPayment(server, (paid.session as unknown as { _id: string })._id);
    const paidSignedIn = { ...signedIn, "zpay.session": JSON.stringify(paid.session) };
    const pages: [string, string, Record<string, string>, RegExp?, string?][] = [
      ["pay page /?p=…", `${server.paymentsUrl}/?p=${m.hashedId}`, {}],
      ["invoice page /invoice?i=…", `${server.paymentsUrl}/invoice?i=${m.invoiceId}`, {}],
      ["/auth", `${server.appUrl}/auth`, {}],
      ["/dashboard (signed in)", `${server.appUrl}/dashboard`, signedIn, undefined, DASHBOARD_READY],
      // The chart's chunk (ApexCharts) is counted apart: it loads when the chart scrolls into view.
      ["/dashboard (paid: cards, chart)", `${server.appUrl}/dashboard`, paidSignedIn, /\/volume-chart\.[^/]*\.js$/, DASHBOARD_READY],
      ...LIST_PAGES.map(([name, route]) => [name, `${server.appUrl}${route}`, signedIn, undefined, LIST_READY] as [string, string, Record<string, string>, undefined, string]),
      ["404", `${server.appUrl}/no-such-page`, {}],
    ];
    const results: PageResult[] = [];
    for (const [name, url, storage, lazy, ready] of pages) results.push(await measurePage(browser, name, url, storage, lazy, ready));
    // The same list pages unthrottled: the goal's localhost figure (data within 0.6 s).
    for (const [name, route] of LIST_PAGES) results.push(await measurePage(browser, `${name}, localhost`, `${server.appUrl}${route}`, signedIn, undefined, LIST_READY, "local"));
    return results;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The table `npm run bench` prints. */
export function printPages(results: PageResult[]) {
  console.log("\nPages on a 360 px phone (4× CPU slowdown, 1.6 Mbps down / 750 kbps up, 150 ms RTT, cold cache; JS in KB, LCP in ms)");
  console.table(results.map((r) => ({ page: r.page, "JS KB (br, sent)": r.jsKb, "JS KB gzip": r.jsGzipKb, "later, gzip KB": r.lazyGzipKb ?? "", scripts: r.scripts, "LCP ms": r.lcpMs, CLS: r.cls, "data ms": r.dataMs ?? "" })));
}

// `npx tsx bench/pages.ts`: this table alone, without the rest of the bench.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printPages(await benchPages());
  process.exit(0);
}
