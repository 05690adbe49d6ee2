import { z } from "@hono/zod-openapi";
import type { AdminStatsDto as AdminStatsContract, AdminUnmappedInflowDto as AdminInflowContract, BillingRowDto as BillingRowContract } from "@/lib/admin-stats";
import { UnmappedInflowDto } from "../unmapped";

const Day = z.string().max(10).openapi({ description: "UTC day, yyyy-MM-dd", example: "2026-11-24" });
const Month = z.string().max(7).openapi({ description: "UTC month, yyyy-MM", example: "2026-11" });
const Usd = z.string().openapi({ description: "USD, decimal text", example: "1250.5" });
const Bucket = z.object({ count: z.number().int(), volume: Usd });

export const RangeQuery = z.object({ start: Day.optional(), end: Day.optional() });
export const RangeBody = z.object({ start: Day, end: Day }).openapi("AdminStatsFilter");
export const MonthQuery = z.object({
  from: Month.optional(),
  to: Month.optional(),
  format: z.enum(["json", "csv"]).optional().openapi({ description: "`csv` answers billing.csv" }),
});

export const AdminStatsDto = z
  .object({
    range: z.object({ start: Day, end: Day }),
    merchants: z.object({ total: z.number().int(), new: z.number().int(), active: z.number().int() }),
    paid: Bucket,
    payments: z.number().int(),
    byStatus: z.record(z.string(), Bucket).openapi({ description: "Status → payments created in the range (volume counts paid and validated only)" }),
    byChain: z.array(z.object({ chain: z.number().int(), count: z.number().int(), volume: Usd })),
    days: z.record(z.string(), z.object({ paid: Usd, count: z.number().int() })).openapi({ description: "Every day of the range → paid volume and count" }),
    computedAt: z.string(),
    cached: z.boolean(),
  })
  .openapi("AdminStats");

export function toAdminStatsDto(stats: AdminStatsContract) {
  return {
    range: stats.range,
    merchants: stats.merchants,
    paid: stats.paid,
    payments: stats.payments,
    byStatus: stats.byStatus,
    byChain: stats.byChain,
    days: stats.days,
    computedAt: stats.computedAt,
    cached: stats.cached,
  } satisfies AdminStatsContract;
}

const Merchant = z.object({ _id: z.string(), publicKey: z.string(), email: z.string().nullable() });

export const BillingRowDto = z.object({ month: Month, merchant: Merchant, count: z.number().int(), volume: Usd }).openapi("BillingRow");

export function toBillingRowDto(row: BillingRowContract) {
  return { month: row.month, merchant: { ...row.merchant }, count: row.count, volume: row.volume } satisfies BillingRowContract;
}

export const AdminUnmappedInflowDto = UnmappedInflowDto.extend({ merchant: Merchant }).openapi("AdminUnmappedInflow");

export type AdminInflow = AdminInflowContract;
