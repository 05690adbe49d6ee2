import path from "node:path";
import { Hono, type Context } from "hono";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./http/context";
import type { AppDeps } from "./deps";
import { ApiError, toErrorResponse } from "./http/errors";
import { createRouter } from "./http/router";
import { docsRoutes } from "./http/docs";
import { notFoundPage, staticSite } from "./http/static";
import { redirectSpecSpellings } from "./http/spec-spellings";
import { MAX_BODY_BYTES, limitBody } from "./http/body-limit";
import { compressResponses } from "./http/compression";
import { lazyChild } from "./logger";
import { contentSecurityPolicy, distScriptHashes, rpcConnectSources, walletConnectorSources } from "./http/csp";
import { healthRoutes, metricsRoutes } from "./modules/health";
import { httpLatency } from "./metrics";
import { currencyRoutes } from "./modules/currencies";
import { authRoutes } from "./modules/auth";
import { productionAccessRoutes } from "./modules/production-access";
import { chainRoutes } from "./modules/chains";
import { faucetRoutes } from "./modules/faucet";
import { explorerRoutes } from "./modules/explorer";
import { sanctionRoutes } from "./modules/sanctions";
import { walletRoutes } from "./modules/wallets";
import { quickPayRoutes } from "./modules/quick-pays";
import { collectRoutes } from "./modules/collects";
import { donateRoutes } from "./modules/donates";
import { adminRoutes } from "./modules/admin";
import { sandboxAdminGrantRoutes, sandboxGrantRoutes, sandboxCustodyRoutes } from "./modules/sandbox";
import { unmappedRoutes } from "./modules/unmapped";
import { registerProducts } from "./products";
import { settlementRoutes } from "./modules/settlements";
import { refundRoutes } from "./modules/refunds";
import { integrationRoutes } from "./modules/integrations";
import { notificationRoutes } from "./modules/notifications";
import { payRoutes, payPageHtml } from "./modules/pay";
import { swapRoutes } from "./modules/swap";
import { catalogRoutes, UPLOAD_BODY_LIMIT, UPLOADS_PATH, uploadReadRoutes, uploadRoutes } from "./modules/catalog";
import { checkoutRoutes } from "./modules/checkouts";
import { customerRoutes } from "./modules/customers";
import { transactionRoutes } from "./modules/transactions";
import { invoiceRoutes, publicInvoiceRoutes, invoicePageHtml } from "./modules/invoices";
import { billRoutes } from "./modules/bills";
import { sandboxMailRoutes, sandboxMailPage } from "./modules/sandbox-mail";
import { merchantLanguageRoutes } from "./modules/merchant-language";
import { pointsRoutes } from "./modules/points";
import { referralRoutes } from "./modules/referrals";
import { zrampRoutes } from "./modules/zramp";
import { dashboardRoutes } from "./modules/dashboard";
import { LOGO_BODY_LIMIT, PROFILE_LOGO_PATH, profileRoutes } from "./modules/profile";
import { zapiRoutes, zapiSecretRoutes } from "./modules/zapi";
import { unsubscribeRoutes } from "./modules/unsubscribe";

export const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: {
    title: "zpay API",
    version: "0.1.0",
    description: "Merchant API (bearer token) of the zpay payment gateway, and the zAPI (`/v1/payments`, HTTP Basic with the account id and secret) for merchants' servers. Errors are `{ message, code, issues? }`.",
  },
};

/** Request ids, a per-request child logger (made if a handler logs) and one access-log line per request. */
function observe(deps: AppDeps, origin: "app" | "payments") {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const started = performance.now();
    const reqId = c.get("requestId");
    c.set("log", lazyChild(deps.log, { reqId }));
    await next();
    httpLatency.observe({ origin, method: c.req.method, status: `${Math.floor(c.res.status / 100)}xx` }, (performance.now() - started) / 1000);
    if (!deps.log.isLevelEnabled("info")) return;
    deps.log.info({ reqId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
  };
}

/**
 * Unknown paths: JSON under /api (clients parse every answer as JSON, SPEC §7), the Astro 404
 * page elsewhere. Hono uses the top app's handler even for mounted routers, hence one place.
 */
function notFound(distDir: string | undefined) {
  const page = distDir ? notFoundPage(distDir) : undefined;
  return (c: Context) => {
    if (c.req.path === "/api" || c.req.path.startsWith("/api/") || !page) {
      return toErrorResponse(new ApiError(404, "not_found", "Resource not found"), c);
    }
    return page(c);
  };
}

/** The merchant API, mounted at /api on the app origin. */
export function createApi(deps: AppDeps) {
  const api = createRouter();
  api.route("/", healthRoutes(deps));
  api.route("/", currencyRoutes(deps));
  api.route("/", authRoutes(deps));
  api.route("/", productionAccessRoutes(deps));
  api.route("/", chainRoutes(deps));
  api.route("/", faucetRoutes(deps));
  api.route("/", sanctionRoutes(deps));
  api.route("/", walletRoutes(deps));
  api.route("/", quickPayRoutes(deps));
  api.route("/", collectRoutes(deps));
  api.route("/", donateRoutes(deps));
  api.route("/", refundRoutes(deps));
  api.route("/", integrationRoutes(deps));
  api.route("/", notificationRoutes(deps));
  api.route("/", customerRoutes(deps));
  api.route("/", invoiceRoutes(deps));
  api.route("/", billRoutes(deps));
  api.route("/", sandboxMailRoutes(deps));
  api.route("/", merchantLanguageRoutes(deps));
  api.route("/", dashboardRoutes(deps));
  api.route("/", catalogRoutes(deps));
  api.route("/", checkoutRoutes(deps));
  api.route("/", unmappedRoutes(deps));
  api.route("/", adminRoutes(deps));
  api.route("/", sandboxAdminGrantRoutes(deps));
  api.route("/", sandboxGrantRoutes(deps));
  api.route("/", sandboxCustodyRoutes(deps));
  api.route("/", settlementRoutes(deps));
  api.route("/", transactionRoutes(deps));
  api.route("/", uploadRoutes(deps));
  api.route("/", uploadReadRoutes(deps));
  api.route("/", pointsRoutes(deps));
  api.route("/", referralRoutes(deps));
  api.route("/", zrampRoutes(deps));
  api.route("/", profileRoutes(deps));
  api.route("/", zapiRoutes(deps));
  api.route("/", zapiSecretRoutes(deps));
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  api.doc31("/openapi.json", OPENAPI_INFO);
  api.route("/", docsRoutes(deps.env.BRAND_NAME));
  return api;
}

/** `payerPage`: the payments origin, whose pay page runs the payer's wallet connectors. */
function base(deps: AppDeps, options: CreateAppOptions, frameAncestors: string, payerPage = false) {
  // Either origin's routes read products through the pay module's registry.
  registerProducts();
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(observe(deps, payerPage ? "payments" : "app"));
  // Only the pay page may be framed (merchants embed it); the merchant app never is.
  const embeddable = frameAncestors !== "'none'";
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: false, xFrameOptions: embeddable ? false : "DENY" }));
  const scriptHashes = options.distDir ? distScriptHashes(options.distDir) : [];
  const wallets = payerPage ? walletConnectorSources(deps.env.WALLETCONNECT_PROJECT_ID) : { connect: [], frame: [] };
  // The merchant app frames the zRamp provider's page (and nothing else); the pay page never does.
  const rampFrame = !payerPage && deps.env.ZRAMP_PROVIDER_URL ? [new URL(deps.env.ZRAMP_PROVIDER_URL).origin] : [];
  app.use(
    contentSecurityPolicy({ scriptHashes, connectSources: [...rpcConnectSources(deps.chains), ...wallets.connect], frameSources: [...wallets.frame, ...rampFrame], frameAncestors }),
  );
  // Answers made per request; the build's files come precompressed (http/static.ts).
  app.use(compressResponses());
  // Item images and the logo are uploaded to the app origin only (its only larger bodies).
  app.use(limitBody(MAX_BODY_BYTES, payerPage ? {} : { [UPLOADS_PATH]: UPLOAD_BODY_LIMIT, [PROFILE_LOGO_PATH]: LOGO_BODY_LIMIT }));
  app.onError(toErrorResponse);
  app.notFound(notFound(options.distDir));
  return app;
}

export interface CreateAppOptions {
  /** The Astro build to serve; omit in API-only tests. */
  distDir?: string;
}

/**
 * The app origin: /api (merchant API, docs, OpenAPI) and the Astro static shells with deep-link
 * rewrites. Usable without a port: `await createApp(deps).request("/api/health")`.
 */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = base(deps, options, "'none'");
  // SPEC's capitalised page spellings (/zAPI, /zRamp) reach the pages that exist.
  app.use(redirectSpecSpellings());
  app.route("/api", createApi(deps));
  // Prometheus scrapes the app origin (callers on this machine, or with METRICS_TOKEN).
  app.route("/", metricsRoutes(deps));
  // The sandbox mailbox page: not routed at all in production mode.
  if (deps.env.ZPAY_MODE === "sandbox") app.get("/sandbox/mail", sandboxMailPage(deps));
  if (options.distDir) {
    app.use("*", staticSite(options.distDir));
  }
  return app;
}

/**
 * The payments origin: the hosted pay page (`/?p={id}`), the read-only invoice page and the payer
 * API. The merchant API is deliberately not mounted here.
 */
export function createPaymentsApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = base(deps, options, deps.env.PAYMENTS_FRAME_ANCESTORS, true);
  const payerApi = createRouter();
  payerApi.route("/", healthRoutes(deps));
  payerApi.route("/", chainRoutes(deps));
  payerApi.route("/", faucetRoutes(deps));
  payerApi.route("/", explorerRoutes(deps));
  payerApi.route("/", publicInvoiceRoutes(deps));
  payerApi.route("/", payRoutes(deps));
  payerApi.route("/", swapRoutes(deps));
  payerApi.route("/", uploadReadRoutes(deps));
  app.route("/api", payerApi);
  // SPEC §7: the sanction check lives at the payments host's root.
  app.route("/", sanctionRoutes(deps));
  // The unsubscribe link of every merchant mail (no sign-in: a signed token).
  app.route("/", unsubscribeRoutes(deps));
  if (options.distDir) {
    const distDir = options.distDir;
    // The pay page itself is filled in per request: the summary reads before any JavaScript.
    app.get("/", payPageHtml(deps, distDir));
    app.get("/invoice", invoicePageHtml(deps, distDir));
    app.use("*", staticSite(distDir, paymentsFile, { only: true }));
  }
  return app;
}

/**
 * The payments origin's part of the build: the pay page at its root, the sandbox explorer under
 * /tx/, and their assets. The merchant app's pages (dashboard, settings…) are not served here.
 */
function paymentsFile(pathname: string): string | undefined {
  if (pathname === "/" || pathname === "/index.html") return "/pay/index.html";
  if (/^\/tx\/-?\d+\/[0-9A-Za-z]+\/?$/.test(pathname)) return "/tx/index.html";
  if (/^\/(_astro|assets)\//.test(pathname) || pathname === "/favicon.svg") return pathname;
  return undefined;
}

export const DEFAULT_DIST_DIR = path.resolve("dist");
