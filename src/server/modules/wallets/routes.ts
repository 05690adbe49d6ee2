import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses } from "../../http/openapi";
import { requireFreshSignIn, requireMerchant } from "../auth/middleware";
import { chainById, solanaChainFor } from "@/lib/chains";
import { attachWallet, listWallets } from "./service";
import type { WalletRow } from "../../db/schema";

/** SPEC §3 Wallet, as merchant screens see it. */
export const WalletDto = z
  .object({
    _id: z.string(),
    chain: z.number().int().openapi({ example: -5001, description: "SPEC §3 chain id" }),
    chainName: z.string().openapi({ example: "Solana Devnet" }),
    address: z.string(),
    type: z.enum(["manual"]).openapi({ description: "How it was attached" }),
    valid: z.boolean().openapi({ description: "False once an operator marks the address unusable" }),
    createdAt: z.string(),
  })
  .openapi("Wallet");
export type WalletDto = z.infer<typeof WalletDto>;

export function toWalletDto(row: WalletRow): WalletDto {
  return {
    _id: row.id,
    chain: row.chainId,
    chainName: chainById(row.chainId)?.name ?? `Chain ${row.chainId}`,
    address: row.address,
    type: "manual",
    valid: row.valid,
    createdAt: row.createdAt.toISOString(),
  };
}

const AttachBody = z
  .object({
    address: z.string().max(256).openapi({ example: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin" }),
    chain: z.number().int().optional().openapi({ description: "Defaults to the chain this instance receives on" }),
    type: z.literal("manual").optional().default("manual"),
    version: z.number().int().optional().openapi({ description: "Client's wallet-config version (SPEC §7); informational" }),
  })
  .openapi("AttachWalletRequest");


const listRoute = createRoute({
  method: "get",
  path: "/wallet/networks",
  tags: ["Wallets"],
  summary: "The merchant's receiving wallets",
  description: "`chain` is where this instance receives payments (Solana devnet in sandbox, mainnet in production).",
  security: [{ bearer: [] }],
  responses: {
    200: {
      description: "Wallets, oldest first",
      content: { "application/json": { schema: z.object({ data: z.object({ chain: z.number().int(), wallets: z.array(WalletDto) }) }) } },
    },
    ...errorResponses(401, 403),
  },
});

const attachRoute = createRoute({
  method: "post",
  path: "/wallet/networks",
  tags: ["Wallets"],
  summary: "Attach a receiving wallet address",
  description:
    "Checked with the SPEC §5 rule of the chain. One wallet per chain: a second answers 409 `already-attached`.",
  security: [{ bearer: [] }],
  request: { body: { content: { "application/json": { schema: AttachBody } }, required: true } },
  responses: {
    201: { description: "Attached", content: { "application/json": { schema: z.object({ data: z.object({ wallet: WalletDto }) }) } } },
    ...errorResponses(400, 401, 403, 409),
  },
});

export function walletRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const receivingChain = solanaChainFor(deps.env.ZPAY_MODE);
  const router = createRouter();
  router.use("/wallet/networks", requireMerchant(db));
  router.post("/wallet/networks", requireFreshSignIn(deps.env.FRESH_SIGN_IN_MINUTES)); // where payouts go
  return router
    .openapi(listRoute, async (c) => {
      const wallets = await listWallets(db, c.var.user.id);
      return c.json({ data: { chain: receivingChain, wallets: wallets.map(toWalletDto) } }, 200);
    })
    .openapi(attachRoute, async (c) => {
      const body = c.req.valid("json");
      const chainId = body.chain ?? receivingChain;
      if (chainId !== receivingChain) {
        throw new ApiError(400, "unsupported_chain", `This instance receives payments on chain ${receivingChain} only`);
      }
      const wallet = await attachWallet(db, c.var.user.id, { chainId, address: body.address, type: body.type });
      c.var.log.info({ userId: c.var.user.id, chainId }, "receiving wallet attached");
      return c.json({ data: { wallet: toWalletDto(wallet) } }, 201);
    });
}
