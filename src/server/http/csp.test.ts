import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../app";
import type { ChainRuntime } from "../chains/runtime";
import type { Database } from "../db/client";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { testDeps } from "../testing/deps";
import { inlineScriptHashes, rpcConnectSources, walletConnectorSources } from "./csp";
import { shellMarker, TITLE_MARKER } from "./page-shell";
import { PAY_MARKERS } from "../modules/pay/page";

const HYDRATE = "(()=>{self.Astro={};})();";
const LANGUAGE = "document.documentElement.lang='en';";
const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

/** A miniature Astro build: each page carries inline scripts like the real one does. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-csp-"));
  // With the markers the server fills the pay page at (http/page-shell.ts), as the real build has them.
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head>${shellMarker(TITLE_MARKER)}<title>${title}</title><script>${LANGUAGE}</script></head><body>${shellMarker(PAY_MARKERS.summary)}${shellMarker(PAY_MARKERS.data)}<script type="module" src="/_astro/x.js"></script><script>${HYDRATE}</script></body></html>`;
  for (const p of ["pay", "tx", "dashboard", "settings", "settings/security", "auth", "quick-pays"]) {
    fs.mkdirSync(path.join(dir, p), { recursive: true });
    fs.writeFileSync(path.join(dir, p, "index.html"), page(p));
  }
  fs.writeFileSync(path.join(dir, "index.html"), page("home"));
  fs.writeFileSync(path.join(dir, "404.html"), page("not found"));
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  fs.mkdirSync(path.join(dir, "_astro"));
  fs.writeFileSync(path.join(dir, "_astro", "x.js"), "export {};");
  fs.mkdirSync(path.join(dir, "assets", "translations", "en"), { recursive: true });
  fs.writeFileSync(path.join(dir, "assets", "translations", "en", "pay.json"), "{}");
  return dir;
}

const CHAINS: ChainRuntime = {
  solana: { chainId: -5001, rpcUrl: "http://127.0.0.1:8899", mints: { USDC: "m1", USDT: "m2" } },
  evm: [{ chainId: 1, rpcUrl: "https://eth.example:8545/v2/SECRET-KEY", tokens: {} }],
  stop: async () => {},
};

/** Directive name → its sources. */
function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(header!.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe("CSP building blocks", () => {
  it("hashes inline scripts and skips external ones", () => {
    const html = `<script>${HYDRATE}</script><script type="module" src="/a.js"></script><SCRIPT type="text/javascript">${LANGUAGE}</SCRIPT>`;
    expect(inlineScriptHashes(html).sort()).toEqual([sha(HYDRATE), sha(LANGUAGE)].sort());
  });

  it("lists the chains' RPC origins (no paths or keys), the Solana WebSocket and a remote Solana's public cluster", () => {
    expect(rpcConnectSources(CHAINS)).toEqual([
      "http://127.0.0.1:8899",
      "ws://127.0.0.1:8900",
      "https://api.devnet.solana.com",
      "wss://api.devnet.solana.com",
      "https://eth.example:8545",
    ]);
    const local: ChainRuntime = { ...CHAINS, solana: { ...CHAINS.solana!, wsUrl: "ws://127.0.0.1:9000/ws", local: {} as never }, evm: [] };
    expect(rpcConnectSources(local)).toEqual(["http://127.0.0.1:8899", "ws://127.0.0.1:9000"]);
  });
});

describe.each(TEST_BACKENDS)("Content-Security-Policy and the payments origin's pages on %s", (kind) => {
  let database: Database;
  let distDir: string;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    distDir = fakeBuild();
    const deps = testDeps(database, {}, CHAINS);
    app = createApp(deps, { distDir });
    payments = createPaymentsApp(deps, { distDir });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("lets scripts run from the origin and the build's hashed inline scripts only, on both origins", async () => {
    for (const [origin, path] of [[app, "/dashboard/"], [payments, "/?p=abc"]] as const) {
      const res = await origin.request(path);
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp["script-src"]!.sort()).toEqual(["'self'", sha(HYDRATE), sha(LANGUAGE)].sort());
      expect(csp["script-src"]).not.toContain("'unsafe-inline'");
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["connect-src"]!.slice(0, 1 + rpcConnectSources(CHAINS).length)).toEqual(["'self'", ...rpcConnectSources(CHAINS)]);
      expect(res.headers.get("content-security-policy")).not.toContain("SECRET-KEY");
    }
  });

  it("lets the pay page reach Coinbase Wallet always and WalletConnect only when a project id is set; the merchant app neither", async () => {
    const plain = directives((await payments.request("/?p=abc")).headers.get("content-security-policy"));
    expect(plain["connect-src"]).toEqual(["'self'", ...rpcConnectSources(CHAINS), ...walletConnectorSources(undefined).connect]);
    expect(plain["connect-src"]).toContain("https://rpc.wallet.coinbase.com");
    expect(plain["connect-src"]!.some((s) => s.includes("walletconnect"))).toBe(false);
    expect(plain["frame-src"]).toBeUndefined();

    const withWc = createPaymentsApp(testDeps(database, { WALLETCONNECT_PROJECT_ID: "a1b2c3d4e5f6a7b8" }, CHAINS), { distDir });
    const wc = directives((await withWc.request("/?p=abc")).headers.get("content-security-policy"));
    expect(wc["connect-src"]).toContain("wss://relay.walletconnect.org");
    expect(wc["frame-src"]).toContain("https://verify.walletconnect.org");

    const merchantApp = createApp(testDeps(database, { WALLETCONNECT_PROJECT_ID: "a1b2c3d4e5f6a7b8" }, CHAINS), { distDir });
    const app = directives((await merchantApp.request("/dashboard/")).headers.get("content-security-policy"));
    expect(app["connect-src"]).toEqual(["'self'", ...rpcConnectSources(CHAINS)]);
    expect(app["frame-src"]).toBeUndefined();
  });

  it("never lets the merchant app be framed; lets merchants embed the pay page", async () => {
    const appRes = await app.request("/dashboard/");
    expect(directives(appRes.headers.get("content-security-policy"))["frame-ancestors"]).toEqual(["'none'"]);
    expect(appRes.headers.get("x-frame-options")).toBe("DENY");
    const payRes = await payments.request("/?p=abc");
    expect(directives(payRes.headers.get("content-security-policy"))["frame-ancestors"]).toEqual(["*"]);
    expect(payRes.headers.get("x-frame-options")).toBeNull();
  });

  it("takes who may embed the pay page from PAYMENTS_FRAME_ANCESTORS", async () => {
    const own = createPaymentsApp(testDeps(database, { PAYMENTS_FRAME_ANCESTORS: "https://shop.example https://*.shop.example" }, CHAINS), { distDir });
    const res = await own.request("/?p=abc");
    expect(directives(res.headers.get("content-security-policy"))["frame-ancestors"]).toEqual(["https://shop.example", "https://*.shop.example"]);
  });

  it("sets the policy on API answers and errors too", async () => {
    for (const res of [await payments.request("/api/health"), await app.request("/api/nope")]) {
      expect(directives(res.headers.get("content-security-policy"))["default-src"]).toEqual(["'self'"]);
    }
  });

  it("gives the API docs page a policy naming its own inline script", async () => {
    const res = await app.request("/api/docs");
    const html = await res.text();
    const csp = directives(res.headers.get("content-security-policy"));
    expect(inlineScriptHashes(html).length).toBeGreaterThan(0);
    for (const h of inlineScriptHashes(html)) expect(csp["script-src"]).toContain(h);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("serves only the pay page, the explorer and their assets on the payments origin", async () => {
    for (const p of ["/", "/?p=abc", "/index.html", "/tx/-5001/5VfydnLu4XwV2H2dLHPv22JxhLbYJruaM9YTaGY30TZjd4re", "/_astro/x.js", "/assets/translations/en/pay.json", "/favicon.svg"]) {
      expect((await payments.request(p)).status, p).toBe(200);
    }
    for (const p of ["/dashboard/", "/dashboard", "/settings/", "/settings/security", "/auth/", "/quick-pays/", "/pay/", "/404.html", "/_astro/../dashboard/index.html"]) {
      const res = await payments.request(p);
      expect(res.status, p).toBe(404);
    }
    // The merchant app still has them.
    expect((await app.request("/dashboard/")).status).toBe(200);
    expect((await app.request("/settings/security")).status).toBe(200);
  });
});
