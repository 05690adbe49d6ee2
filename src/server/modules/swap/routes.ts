import { createRoute, z } from "@hono/zod-openapi";
import type { SwapAnswer, SwapAssetsAnswer, SwapRequest } from "@/lib/swap-api";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../http/openapi";
import { rateLimit } from "../../http/rate-limit";
import { buildSwapForPayment } from "./service";

const SwapBody = z
  .object({
    paymentId: z.string().trim().min(1).max(64).openapi({ description: "The started payment this swap pays (its public id)", example: "Qx7PaLk2mN3r" }),
    fromAsset: z.string().trim().min(1).max(64).openapi({ description: '"SOL", a token symbol or a mint', example: "SOL" }),
    toAsset: z.string().trim().min(1).max(64).openapi({ description: "The payment's token (symbol or mint)", example: "USDC" }),
    currentAmount: z.string().trim().regex(/^\d{1,30}$/).openapi({ description: "What the payment still owes, in the token's base units", example: "12500000" }),
    userPublicWalletKey: z.string().trim().min(32).max(44),
    merchantUSDCTokenAccount: z.string().trim().min(32).max(44).openapi({ description: "Must be the payment's merchant token account" }),
  })
  .openapi("SwapRequest") satisfies z.ZodType<SwapRequest>;

const SwapAnswerSchema = z
  .object({
    success: z.literal(true),
    data: z.string().openapi({ description: "A base64 serialized v0 transaction, signed by all but the payer" }),
    quote: z.object({
      provider: z.string(),
      fromAsset: z.string(),
      inputMint: z.string(),
      inAmount: z.string(),
      maxInAmount: z.string(),
      outAmount: z.string(),
      slippageBps: z.number().int(),
      priceImpactPct: z.string(),
      expiresAt: z.string(),
      lastValidBlockHeight: z.number().int(),
    }),
  })
  .openapi("SwapAnswer") satisfies z.ZodType<SwapAnswer>;

const swapRoute = createRoute({
  method: "post",
  path: "/v2/jupiter/swap",
  tags: ["Pay"],
  summary: "Pay a Solana payment with another token (a swap)",
  description:
    "Builds one transaction that swaps what the payer gives (SOL, USDT, …) and delivers exactly the amount the payment still owes to the merchant's token account with the payment's reference and memo (exact-out), through Jupiter in production and a local market maker in the sandbox. Destination, amount, reference and memo are the payment's: a request naming another account or amount is refused. The payer's wallet signs and sends it; the payment is credited as any other transfer once the money arrived. Rate limited like payment starts.",
  request: { body: { content: { "application/json": { schema: SwapBody } }, required: true } },
  responses: {
    200: { description: "The transaction and its quote", content: { "application/json": { schema: SwapAnswerSchema } } },
    ...errorResponses(400, 403, 404, 409, 422, 429, 503),
  },
});

const SwapAssetsSchema = z
  .object({
    assets: z.array(z.object({ symbol: z.string(), mint: z.string(), decimals: z.number().int(), native: z.boolean() })),
  })
  .openapi("SwapAssets") satisfies z.ZodType<SwapAssetsAnswer>;

const assetsRoute = createRoute({
  method: "get",
  path: "/v2/jupiter/assets",
  tags: ["Pay"],
  summary: "What a payer may swap from",
  description:
    "The tokens the swap provider takes from a payer, with their decimals, so the pay page lists those the connected wallet holds. Empty when swaps are not offered (no provider). Public and the same for everyone: no payment, no account.",
  responses: {
    200: { description: "The assets", content: { "application/json": { schema: SwapAssetsSchema } } },
  },
});

/** The swap routes on the payments origin (no account: the payment id is the capability). */
export function swapRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use("/v2/jupiter/swap", rateLimit(deps, { points: deps.env.PAY_START_RATE_LIMIT, durationSeconds: 60, keyPrefix: "swap" }));
  return router
    .openapi(swapRoute, async (c) => c.json(await buildSwapForPayment(deps, deps.swap, c.req.valid("json")), 200))
    .openapi(assetsRoute, (c) => c.json({ assets: deps.swap?.assets() ?? [] }, 200));
}
