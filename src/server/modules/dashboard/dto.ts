import { z } from "@hono/zod-openapi";
import { PAYMENT_STATUSES } from "@/lib/payment-status";
import { PRODUCT_TYPES } from "@/lib/product-types";
import type { DashboardDto as Dashboard, WalletBalancesDto as WalletBalances } from "@/lib/dashboard";

const Change = z.number().nullable().openapi({ description: "Percent against the 7 days before; null when those had nothing" });
const Usd = (description: string) => z.string().openapi({ description: `${description}, USD decimal text`, example: "12.5" });

export const ConsolidatedDto = z
  .object({
    paid: z.object({ count: z.number().int().openapi({ description: "Payments paid in the range" }), change: Change }),
    volume: z.object({ total: Usd("Volume paid in the range"), change: Change }),
    current: z.record(z.string(), z.object({ paid: Usd("That day's volume"), count: z.number().int() })).openapi({ description: "UTC date (yyyy-MM-dd) → totals, every day of the range" }),
    historicalTotal: Usd("Everything ever paid"),
    totalTransactions: z.number().int(),
    range: z.object({ start: z.string().openapi({ description: "Now minus 7 days" }), end: z.string() }),
  })
  .openapi("DashboardConsolidated");

export const RecentTransactionDto = z
  .object({
    _id: z.string(),
    type: z.enum(PRODUCT_TYPES),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.string().openapi({ description: "Requested amount, decimal text in `token`" }),
    token: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    validatedAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
  })
  .openapi("DashboardRecentTransaction");

export const DashboardDto = z
  .object({
    consolidated: ConsolidatedDto.nullable().openapi({ description: "Null until the merchant's first paid payment" }),
    exchangeRate: z.string().openapi({ description: "Units of billingCurrency per USD", example: "0.92592592" }),
    billingCurrency: z.string().openapi({ description: "USD when no rate is available for the merchant's currency" }),
    recent: z.array(RecentTransactionDto).max(10).openapi({ description: "Newest paid, validated or failed payments, at most 10" }),
  })
  .openapi("Dashboard");

export const WalletBalancesDto = z
  .object({
    tokenBalances: z.object({ SOL: z.string(), USDT: z.string(), USDC: z.string() }).openapi({ description: "Decimal text; 0 when the node could not be read" }),
    totalUSD: z.string().openapi({ description: "2 decimals", example: "162.50" }),
  })
  .openapi("WalletBalances");

// The schemas answer exactly the shared contract the browser reads.
export type DashboardShape = z.infer<typeof DashboardDto> extends Dashboard ? true : never;
export type WalletBalancesShape = z.infer<typeof WalletBalancesDto> extends WalletBalances ? true : never;
