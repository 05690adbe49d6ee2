import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { clusterApiUrl } from "@solana/web3.js";
import { SOLANA_DEVNET, SOLANA_TESTNET } from "@/lib/chains";
import type { ChainRuntime } from "../chains/runtime";

/** `'sha256-…'` sources for every inline `<script>` (no `src`) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? "")) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2] ?? "", "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Astro inlines small scripts into every page (island hydration, the language set before first
 * paint); a build never changes while the server runs, so their hashes are read once at start.
 */
export function distScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith(".html")) for (const h of inlineScriptHashes(fs.readFileSync(file, "utf8"))) hashes.add(h);
    }
  };
  if (fs.existsSync(distDir)) visit(distDir);
  return [...hashes].sort();
}

const origin = (url: string) => new URL(url).origin;

/** web3.js's WebSocket address for an RPC URL: ws(s), and port + 1 when the URL names a port. */
function solanaWsOrigin(rpcUrl: string): string {
  const u = new URL(rpcUrl);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  if (u.port) u.port = String(Number(u.port) + 1);
  return u.origin;
}

/**
 * Where pages may connect besides their own origin: the RPC endpoints of the chains this instance
 * pays on (origins only, so no API key in a path reaches the header). The browser gets a remote
 * Solana network's RPC from nobody (it may carry a key) and uses the public cluster instead
 * (src/components/pay/solana/connection.ts), so that cluster is listed for it.
 */
export function rpcConnectSources(chains: ChainRuntime): string[] {
  const sources = new Set<string>();
  const solana = chains.solana;
  if (solana) {
    const rpcUrl = solana.browserRpcUrl ?? solana.rpcUrl;
    const wsUrl = solana.browserWsUrl ?? solana.wsUrl;
    sources.add(origin(rpcUrl));
    sources.add(wsUrl ? origin(wsUrl) : solanaWsOrigin(rpcUrl));
    if (!solana.local) {
      const cluster = clusterApiUrl(solana.chainId === SOLANA_DEVNET ? "devnet" : solana.chainId === SOLANA_TESTNET ? "testnet" : "mainnet-beta");
      sources.add(origin(cluster));
      sources.add(solanaWsOrigin(cluster));
    }
  }
  for (const evm of chains.evm) sources.add(origin(evm.browserRpcUrl ?? evm.rpcUrl));
  return [...sources];
}

/**
 * Where the EVM payer's wallet connectors talk, read from the installed SDKs' own constants:
 * Coinbase Wallet (its RPC and the WalletLink relay; sign-in happens in a keys.coinbase.com popup,
 * which CSP does not govern) always, since the pay page always offers it; WalletConnect's relay,
 * RPC, telemetry and Verify API (an iframe) only when a project id is configured, else it is not
 * offered at all. Checked against the connector versions in package.json (@wagmi/connectors 8,
 * @walletconnect/ethereum-provider 2, @coinbase/wallet-sdk 4); recheck on upgrade.
 */
export function walletConnectorSources(walletConnectProjectId: string | undefined): { connect: string[]; frame: string[] } {
  const connect = ["https://rpc.wallet.coinbase.com", "https://www.walletlink.org", "wss://www.walletlink.org"];
  if (!walletConnectProjectId) return { connect, frame: [] };
  const wc = ["walletconnect.org", "walletconnect.com"];
  return {
    connect: [
      ...connect,
      ...wc.flatMap((d) => [`wss://relay.${d}`, `https://relay.${d}`, `https://rpc.${d}`, `https://pulse.${d}`, `https://verify.${d}`, `https://echo.${d}`]),
      "https://api.web3modal.org",
    ],
    frame: wc.flatMap((d) => [`https://verify.${d}`, `https://secure.${d}`]),
  };
}

export interface CspOptions {
  /** Hashes of the inline scripts the pages carry. */
  scriptHashes: string[];
  connectSources: string[];
  /** Pages this origin's pages may frame (besides their own origin); none when absent. */
  frameSources?: string[];
  /** `'none'` for the app origin; the payments origin lets merchants embed the pay page. */
  frameAncestors: string;
}

/**
 * Scripts from this origin (and the hashed inline ones) only; styles may be inline (React and
 * Radix set style attributes); images may come from merchants' logo URLs.
 */
export function buildCsp(options: CspOptions): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...options.scriptHashes]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https:"]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...options.connectSources]],
    ...(options.frameSources?.length ? [["frame-src", ["'self'", ...options.frameSources]] as [string, string[]]] : []),
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", [options.frameAncestors]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/**
 * Sets the Content-Security-Policy on every answer that has none: a route serving a page with
 * inline scripts of its own (the API docs) sets a policy naming their hashes itself.
 */
export function contentSecurityPolicy(options: CspOptions): MiddlewareHandler {
  const policy = buildCsp(options);
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("Content-Security-Policy")) c.res.headers.set("Content-Security-Policy", policy);
  };
}
