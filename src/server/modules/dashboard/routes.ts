import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { readWalletBalances } from "./balances";
import { DashboardDto, WalletBalancesDto } from "./dto";
import { readDashboard } from "./service";
import { solUsdPrice } from "./sol-price";

const common = { tags: ["Dashboard"], security: [{ bearer: [] }] };

const dashboardRoute = createRoute({
  ...common,
  method: "get",
  path: "/dashboard",
  summary: "The overview's figures: paid count and volume over 7 days, the chart's days, recent payments",
  description: "Volume counts what arrived in USDC/USDT as USD (1 token = 1 USD); `exchangeRate` converts it to the billing currency.",
  responses: { 200: { description: "The dashboard", content: json(z.object({ data: DashboardDto })) }, ...errorResponses(401) },
});

const balancesRoute = createRoute({
  ...common,
  method: "get",
  path: "/dashboard/balances",
  summary: "SOL, USDT and USDC of the merchant's Solana receiving wallet",
  description: "Read from the instance's Solana node; each balance is 0 when it cannot be read, all are 0 without a Solana wallet.",
  responses: { 200: { description: "Balances and their USD total", content: json(z.object({ data: WalletBalancesDto })) }, ...errorResponses(401) },
});

export function dashboardRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  // "/dashboard/*" also covers "/dashboard" itself.
  router.use("/dashboard/*", requireMerchant(db));
  return router
    .openapi(dashboardRoute, async (c) => c.json({ data: await readDashboard(deps, db, c.var.user) }, 200))
    .openapi(balancesRoute, async (c) => c.json({ data: await readWalletBalances(db, deps.chains.solana, c.var.user.id, () => solUsdPrice(deps)) }, 200));
}
