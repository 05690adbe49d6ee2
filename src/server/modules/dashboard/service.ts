import { and, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { formatBaseUnits } from "@/lib/money";
import { DASHBOARD_DAYS, DASHBOARD_RECENT_LIMIT, type DashboardDto, type RecentTransactionDto } from "@/lib/dashboard";
import { RATE_DECIMALS, roundRate } from "@/lib/fiat-conversion";
import { parseBaseUnits } from "@/lib/money";
import type { ProductType } from "@/lib/product-types";
import type { Db } from "../../db/client";
import { transactions } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { RateUnavailableError, rateSourceFor } from "../../payments/rates";
import { consolidate, toUsdUnits, type HistoricalTotals } from "./consolidate";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Money that reached the merchant: confirmed (paid) or finalized (validated). */
const PAID = ["paid", "validated"] as const;

/** All-time paid count and USD volume, summed per token precision by the database. */
async function historicalTotals(db: Db, userId: string): Promise<HistoricalTotals> {
  const rows = await db
    .select({ decimals: transactions.decimals, count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(coalesce(${transactions.receivedAmount}, ${transactions.requestedAmount})), 0)::text` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.status, [...PAID])))
    .groupBy(transactions.decimals);
  return rows.reduce((sum, r) => ({ count: sum.count + r.count, volume: sum.volume + toUsdUnits(BigInt(r.total), r.decimals) }), { count: 0, volume: 0n });
}

/** The merchant's newest payments, any status but the ones still waiting for money. */
async function recentTransactions(db: Db, userId: string): Promise<RecentTransactionDto[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.status, ["paid", "validated", "failed"])))
    .orderBy(desc(transactions.createdAt))
    .limit(DASHBOARD_RECENT_LIMIT);
  return rows.map((r) => ({
    _id: r.id,
    // Written only from PRODUCT_TYPES (payments/service.ts); the column is plain text.
    type: r.productType as ProductType,
    status: r.status,
    amount: formatBaseUnits(r.requestedAmount, r.decimals),
    token: r.token,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    validatedAt: r.validatedAt?.toISOString() ?? null,
    failedAt: r.failedAt?.toISOString() ?? null,
    refundedAt: r.refundedAt?.toISOString() ?? null,
  }));
}

/** Units of the billing currency per USD (the rate source gives USD per unit), 8 decimals. */
export async function exchangeRateFor(deps: Pick<AppDeps, "env">, billingCurrency: string): Promise<string> {
  const usdPer = parseBaseUnits(roundRate(await rateSourceFor(deps).usdPer(billingCurrency)), RATE_DECIMALS);
  const scale = 10n ** BigInt(RATE_DECIMALS);
  return formatBaseUnits((scale * scale) / usdPer, RATE_DECIMALS);
}

/** SPEC §7 GET /dashboard: consolidated figures (null before the first payment), exchangeRate, recent list. */
export async function readDashboard(deps: Pick<AppDeps, "env">, db: Db, user: { id: string; billingCurrency: string }, now = new Date()): Promise<DashboardDto> {
  const since = new Date(now.getTime() - 2 * DASHBOARD_DAYS * DAY_MS);
  const [historical, window, recent, exchangeRate] = await Promise.all([
    historicalTotals(db, user.id),
    db
      .select({ paidAt: transactions.paidAt, received: transactions.receivedAmount, requested: transactions.requestedAmount, decimals: transactions.decimals })
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), inArray(transactions.status, [...PAID]), isNotNull(transactions.paidAt), gte(transactions.paidAt, since))),
    recentTransactions(db, user.id),
    // No rate (price service down): the figures stay in USD rather than the page failing.
    exchangeRateFor(deps, user.billingCurrency).then(
      (rate) => ({ rate, currency: user.billingCurrency }),
      (error: unknown) => {
        if (error instanceof RateUnavailableError) return { rate: "1", currency: "USD" };
        throw error;
      },
    ),
  ]);
  const payments = window.map((r) => ({ paidAt: r.paidAt!, amount: r.received ?? r.requested, decimals: r.decimals }));
  return {
    consolidated: historical.count === 0 ? null : consolidate(payments, historical, now),
    exchangeRate: exchangeRate.rate,
    billingCurrency: exchangeRate.currency,
    recent,
  };
}
