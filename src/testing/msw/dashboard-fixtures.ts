/** Sample overview data for the dashboard's stories, dated around STORY_NOW (2026-11-05 12:00 UTC). */
import type { DashboardDto, RecentTransactionDto, WalletBalancesDto } from "@/lib/dashboard";

const day = (d: number) => `2026-11-0${d}`;

function recent(i: number, at: string, overrides: Partial<RecentTransactionDto> = {}): RecentTransactionDto {
  return { _id: `tx${i}`, type: "quick-pay", status: "validated", amount: "25", token: "USDC", createdAt: at, paidAt: at, validatedAt: at, failedAt: null, refundedAt: null, ...overrides };
}

export const storyRecent: RecentTransactionDto[] = [
  recent(1, "2026-11-05T11:42:00.000Z", { amount: "120.5" }),
  recent(2, "2026-11-05T09:15:00.000Z", { type: "collect", status: "paid", validatedAt: null, amount: "42" }),
  recent(3, "2026-11-04T16:03:00.000Z", { type: "bill", amount: "980", token: "USDT" }),
  recent(4, "2026-11-04T10:30:00.000Z", { type: "product", status: "failed", validatedAt: null, paidAt: null, failedAt: "2026-11-04T10:45:00.000Z", amount: "15.99" }),
  recent(5, "2026-11-02T08:00:00.000Z", { type: "donate", amount: "5" }),
];

export const storyDashboard: DashboardDto = {
  consolidated: {
    paid: { count: 14, change: 27.3 },
    volume: { total: "2318.49", change: -8.5 },
    current: {
      "2026-10-29": { paid: "0", count: 0 },
      "2026-10-30": { paid: "310", count: 2 },
      [day(1)]: { paid: "150.5", count: 1 },
      [day(2)]: { paid: "505", count: 3 },
      [day(3)]: { paid: "220", count: 2 },
      [day(4)]: { paid: "995.99", count: 4 },
      [day(5)]: { paid: "137", count: 2 },
    },
    historicalTotal: "18452.1",
    totalTransactions: 131,
    range: { start: "2026-10-29T12:00:00.000Z", end: "2026-11-05T12:00:00.000Z" },
  },
  exchangeRate: "1",
  billingCurrency: "USD",
  recent: storyRecent,
};

/** Never paid: no figures, no recent payments. */
export const storyEmptyDashboard: DashboardDto = { consolidated: null, exchangeRate: "1", billingCurrency: "USD", recent: [] };

export const storyBalances: WalletBalancesDto = { tokenBalances: { SOL: "2.4581", USDT: "310", USDC: "1245.75" }, totalUSD: "1924.47" };
