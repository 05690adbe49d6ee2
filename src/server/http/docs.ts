import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { Scalar } from "@scalar/hono-api-reference";
import { buildCsp, inlineScriptHashes } from "./csp";

/** Set by the server bundle (scripts/build-server.mjs): the Scalar bundle copied beside it, so a container image needs no Scalar package. */
declare const __ZPAY_SCALAR_BUNDLE__: string | undefined;

/** The Scalar browser bundle: beside the server bundle, else in its package (tsx, tests). */
function scalarBundlePath(): string {
  if (typeof __ZPAY_SCALAR_BUNDLE__ === "string") return fileURLToPath(__ZPAY_SCALAR_BUNDLE__);
  return scalarBundleInPackage();
}

/** The package's exports map hides its browser bundle; resolve the entry and walk to it. */
export function scalarBundleInPackage(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@scalar/api-reference")).replace(/dist.*$/, ""), "dist/browser/standalone.js");
}

/**
 * The API reference page at /api/docs. The Scalar bundle is served from our own origin (no CDN),
 * and default web fonts are off, so the page works on a closed network.
 */
export function docsRoutes(brand: string) {
  let bundle: Buffer | undefined;
  let policy: string | undefined;
  return new Hono()
    .use("/docs", async (c, next) => {
      await next();
      // The page starts Scalar from an inline script; its hash is all the policy lets run inline.
      policy ??= buildCsp({ scriptHashes: inlineScriptHashes(await c.res.clone().text()), connectSources: [], frameAncestors: "'none'" });
      c.res.headers.set("Content-Security-Policy", policy);
    })
    .get("/docs/scalar.js", (c) => {
      bundle ??= fs.readFileSync(scalarBundlePath());
      c.header("Content-Type", "text/javascript; charset=utf-8");
      c.header("Cache-Control", "public, max-age=86400");
      return c.body(new Uint8Array(bundle));
    })
    .get(
      "/docs",
      Scalar({
        url: "/api/openapi.json",
        cdn: "/api/docs/scalar.js",
        pageTitle: `API - ${brand}`,
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        // Features that call Scalar's hosted services are off: the docs must work offline.
        agent: { disabled: true },
        mcp: { disabled: true },
        showToolbar: "never",
        showDeveloperTools: "never",
      } as Parameters<typeof Scalar>[0]),
    );
}
