import { z } from "@hono/zod-openapi";

export const TokenSchema = z
  .object({
    chainId: z.number().int(),
    chain: z.string(),
    type: z.number().int().openapi({ description: "SPEC §3 type code: Bitcoin 1, EVM 2, Solana 3, NEAR 4, Tron 10, ICP 20, manual -1" }),
    network: z.enum(["mainnet", "testnet", "local"]),
    symbol: z.string(),
    name: z.string(),
    address: z.string().openapi({ description: "Mint (Solana), contract (EVM) or the native marker" }),
    decimals: z.number().int(),
    icon: z.string(),
    native: z.boolean(),
    faucet: z.boolean().openapi({ description: "The sandbox faucet hands this token out" }),
  })
  .openapi("Token");

export const ChainMetaSchema = z
  .object({
    name: z.string(),
    type: z.number().int(),
    network: z.enum(["mainnet", "testnet", "local"]),
    explorerTx: z.string().optional().openapi({ description: "Transaction page, `{hash}` to be replaced" }),
    explorerAddress: z.string().optional(),
    rpcUrl: z.string().optional().openapi({ description: "Local sandbox networks only" }),
    wsUrl: z.string().optional(),
  })
  .openapi("ChainMeta");

export const ConfigSchema = z
  .object({
    tokens: z.array(TokenSchema).openapi({ description: "Tokens a payment can settle in" }),
    allTokens: z.array(TokenSchema).openapi({ description: "Settlement tokens plus each chain's native coin" }),
    fiats: z.array(z.tuple([z.string(), z.string()])),
    chainsOrder: z.array(z.number().int()),
    contractsMeta: z.record(z.string(), ChainMetaSchema),
  })
  .openapi("Config");
