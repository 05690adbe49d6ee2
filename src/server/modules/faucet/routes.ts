import type { MiddlewareHandler } from "hono";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppEnv } from "../../http/context";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses } from "../../http/openapi";
import { consumeOrRefuse, createLimiter } from "../../http/rate-limit";
import { STABLECOINS } from "../../chains/runtime";
import { grantFromFaucet } from "./service";

const FaucetBody = z
  .object({
    chain: z.number().int().openapi({ example: -5001 }),
    address: z.string().trim().min(1, "Wallet Address required").max(128),
    token: z.enum(STABLECOINS),
  })
  .openapi("FaucetRequest");

const FaucetGrant = z
  .object({
    chain: z.number().int(),
    address: z.string(),
    token: z.enum(STABLECOINS),
    tokenAmount: z.string().openapi({ description: "Base units (6 decimals)" }),
    nativeAmount: z.string().openapi({ description: "Base units of the chain's native coin" }),
    transactions: z.array(z.string()),
  })
  .openapi("FaucetGrant");

const route = createRoute({
  method: "post",
  path: "/sandbox/faucet",
  tags: ["Sandbox"],
  summary: "Test coins on a local sandbox network",
  description: "Sends native coin for fees and 1,000 test USDC or USDT. Sandbox mode only; rate limited per address.",
  request: { body: { content: { "application/json": { schema: FaucetBody } }, required: true } },
  responses: {
    200: { description: "Sent", content: { "application/json": { schema: z.object({ data: FaucetGrant }) } } },
    ...errorResponses(400, 403, 429),
  },
});

/** Refuses every call in production mode before anything else is read. */
const sandboxOnly = (deps: AppDeps): MiddlewareHandler<AppEnv> => async (_c, next) => {
  if (deps.env.ZPAY_MODE === "production") throw new ApiError(403, "sandbox_only", "The faucet is only available in sandbox mode");
  await next();
};

/** Mounted on both origins: the pay page (payments origin) offers it to payers in sandbox. */
export function faucetRoutes(deps: AppDeps) {
  // Per receiving address, so one payer cannot drain it for everyone; shared by processes on PostgreSQL.
  const perAddress = createLimiter(deps.database, { points: deps.env.FAUCET_RATE_LIMIT, durationSeconds: 3600, keyPrefix: "faucet" });
  const router = createRouter();
  router.use("/sandbox/faucet", sandboxOnly(deps));
  return router.openapi(route, async (c) => {
    const body = c.req.valid("json");
    await consumeOrRefuse(
      perAddress,
      `${body.chain}:${body.address.toLowerCase()}`,
      "This address has had its share of test coins for now. Please try again later.",
      (name, value) => c.header(name, value),
    );
    const data = await grantFromFaucet(deps.chains, body);
    c.var.log.info({ chain: data.chain, address: data.address, token: data.token }, "faucet grant");
    return c.json({ data }, 200);
  });
}
