import { z } from "@hono/zod-openapi";
import { isAddress } from "viem";
import type { EarlierRouteDto, RouteCallDto, SettlementDto, UnsettledDto } from "@/lib/settlements";

const address = (description: string) =>
  z
    .string()
    .max(64)
    .refine((v) => isAddress(v, { strict: false }), "an EVM address")
    .openapi({ example: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", description });

const BalanceSchema = z.object({ symbol: z.string(), tokenAddress: z.string(), decimals: z.number().int(), amount: z.string().openapi({ description: "Base units" }) });

export const EarlierRouteDtoSchema = z
  .object({
    route: z.string(),
    chain: z.number().int(),
    owner: z.string().openapi({ description: "The replaced wallet: the only one that can settle this route" }),
    settlementAddress: z.string(),
    balances: z.array(BalanceSchema),
  })
  .openapi("EarlierRoute") satisfies z.ZodType<EarlierRouteDto>;

export const UnsettledDtoSchema = z
  .object({
    route: z.string().nullable().openapi({ description: "The route contract, null when the merchant has no route wallet" }),
    chain: z.number().int().nullable(),
    owner: z.string().nullable().openapi({ description: "The wallet that controls the route (the merchant's)" }),
    settlementAddress: z.string().nullable().openapi({ description: "Where `settle` may always send" }),
    balances: z.array(BalanceSchema),
    earlierRoutes: z.array(EarlierRouteDtoSchema).openapi({
      description: "Routes of EVM wallets the merchant replaced (most recent first): they may still hold money, which their owner settles with `run` and `route`",
    }),
  })
  .openapi("Unsettled") satisfies z.ZodType<UnsettledDto>;

export const SettlementDtoSchema = z
  .object({
    route: z.string().openapi({ description: "The route that settled: the current one or an earlier one" }),
    symbol: z.string().nullable(),
    tokenAddress: z.string(),
    decimals: z.number().int().nullable(),
    to: z.string(),
    amount: z.string().openapi({ description: "Base units" }),
    hash: z.string(),
    blockNumber: z.string(),
    scanLink: z.string().nullable(),
  })
  .openapi("Settlement") satisfies z.ZodType<SettlementDto>;

const routeField = z
  .string()
  .max(64)
  .refine((v) => isAddress(v, { strict: false }), "an EVM address")
  .optional()
  .openapi({ description: "One of the merchant's earlier routes (`earlierRoutes`); absent, the current route" });

export const RunBody = z
  .discriminatedUnion("action", [
    z.object({
      action: z.literal("settle"),
      route: routeField,
      token: z.string().max(64).openapi({ description: "Symbol (USDC, USDT) or token address on the route's chain" }),
      to: address("A whitelisted address or the settlement address"),
      amount: z.string().regex(/^[1-9]\d{0,77}$/, "a positive whole number of base units").openapi({ example: "1000000" }),
    }),
    z.object({ action: z.enum(["updateSettlementAddress", "addWhitelist", "removeWhitelist"]), route: routeField, address: address("The address the call is about") }),
  ])
  .openapi("RunSettlementRequest");
export type RunBody = z.infer<typeof RunBody>;

export const RouteCallDtoSchema = z
  .object({
    chain: z.number().int(),
    from: z.string().openapi({ description: "The wallet that must send it (the route's owner)" }),
    to: z.string().openapi({ description: "The route contract" }),
    data: z.string().openapi({ description: "0x calldata" }),
  })
  .openapi("RouteCall") satisfies z.ZodType<RouteCallDto>;
