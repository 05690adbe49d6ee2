import { SOLANA_DEVNET } from "@/lib/chains";
import type { ProductionRequestDto } from "@/lib/production-access";
import type { AdminStatsDto, AdminUnmappedInflowDto, BillingRowDto } from "@/lib/admin-stats";
import { STORY_USER_ID, STORY_WALLET } from "./fixtures";
import { sampleInflows } from "./unmapped-fixtures";

const OTHER_MERCHANT = { _id: "8c2d7e4a-1b3f-4d6a-9e0c-2f5b7a9d1c02", publicKey: "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", email: "shop@example.com" };
const STORY_MERCHANT = { _id: STORY_USER_ID, publicKey: STORY_WALLET, email: null };

/** Ten days of an instance: three merchants paid, payments on Solana Devnet and Base. */
export const sampleAdminStats: AdminStatsDto = {
  range: { start: "2026-10-27", end: "2026-11-05" },
  merchants: { total: 42, new: 3, active: 17 },
  paid: { count: 128, volume: "15320.75" },
  payments: 171,
  byStatus: {
    failed: { count: 21, volume: "0" },
    initiated: { count: 22, volume: "0" },
    paid: { count: 8, volume: "410.5" },
    validated: { count: 120, volume: "14910.25" },
  },
  byChain: [
    { chain: SOLANA_DEVNET, count: 150, volume: "13100.75" },
    { chain: 8453, count: 21, volume: "2220" },
  ],
  days: Object.fromEntries(
    ["2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"].map((d, i) => [
      d,
      { paid: String([820, 1450.5, 990, 2100, 640.25, 1300, 1875, 2210, 1980, 1955][i]), count: [7, 12, 9, 17, 5, 11, 15, 18, 17, 17][i]! },
    ]),
  ),
  computedAt: "2026-11-05T11:58:00.000Z",
  cached: true,
};

/** Inflows of two merchants (the story merchant's and another shop's). */
export const sampleAdminInflows: AdminUnmappedInflowDto[] = [
  { ...sampleInflows[0]!, merchant: OTHER_MERCHANT },
  { ...sampleInflows[1]!, merchant: STORY_MERCHANT },
];

/** Two months of billing: the larger volume first within a month. */
export const sampleBilling: BillingRowDto[] = [
  { month: "2026-10", merchant: OTHER_MERCHANT, count: 64, volume: "8120.5" },
  { month: "2026-10", merchant: STORY_MERCHANT, count: 12, volume: "640" },
  { month: "2026-11", merchant: OTHER_MERCHANT, count: 9, volume: "1210.25" },
];

/** Production-access requests, newest first: two waiting (one merchant without an e-mail address), one granted. */
export const sampleProductionRequests: ProductionRequestDto[] = [
  { userId: "m-3", publicKey: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", email: "hello@tea-house.example", requestedAt: "2026-11-05T09:40:00.000Z", grantedAt: null, status: "pending" },
  { userId: "m-2", publicKey: "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", email: null, requestedAt: "2026-11-04T16:05:00.000Z", grantedAt: null, status: "pending" },
  { userId: "m-1", publicKey: "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH", email: "shop@lumiere.example", requestedAt: "2026-11-01T08:00:00.000Z", grantedAt: "2026-11-02T10:30:00.000Z", status: "granted" },
];
