import { SOLANA_DEVNET } from "@/lib/chains";
import type { OpenPaymentDto, UnmappedInflowDto } from "@/lib/unmapped";
import { STORY_HASH, STORY_PAYER, STORY_PAYMENTS_ORIGIN } from "./fixtures";

const USDC_DEVNET = "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU";

/** Inflows the story merchant's receiving wallet got without a payment, newest first. */
export const sampleInflows: UnmappedInflowDto[] = [
  {
    _id: "inflow-1",
    chain: SOLANA_DEVNET,
    amount: { value: "12500000", decimals: 6, currency: "USDC" },
    tokenAddress: USDC_DEVNET,
    sender: STORY_PAYER,
    hash: STORY_HASH,
    // The sandbox's own explorer page, as the server links a local network's transaction.
    scanLink: `${STORY_PAYMENTS_ORIGIN}/tx/${SOLANA_DEVNET}/${STORY_HASH}`,
    date: "2026-11-05T11:42:00.000Z",
  },
  {
    _id: "inflow-2",
    chain: SOLANA_DEVNET,
    amount: { value: "250000", decimals: 6, currency: "USDT" },
    tokenAddress: "EJwZgeZrdC8TXTQbQBoL6bfuAnFUUy1PVCMB4DYPzVaS",
    sender: "3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG",
    hash: "2nBhEBYYvfaAe16UMNqRHre4YNSskvuYgx3M6E4JP1oDYvZEJHvoPzyUidNgNX5r9sTyN1J9UxtbCXy2rqYcuyuv",
    scanLink: null,
    date: "2026-11-04T08:15:00.000Z",
  },
];

/** The story merchant's unpaid payments: waiting, expired and underpaid (USDC), one in USDT. */
export const sampleOpenPayments: OpenPaymentDto[] = [
  {
    _id: "3f1c2a9e-0d4b-4c1e-9a51-7a2f6c1d8e01",
    type: "collect",
    status: "initiated",
    failureReason: null,
    requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
    recievedAmount: null,
    lockedAt: "2026-11-05T11:30:00.000Z",
  },
  {
    _id: "8b2d7e41-5f3a-4e9c-b0d2-1c6a9f3e7b02",
    type: "quick-pay",
    status: "failed",
    failureReason: "expired",
    requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
    recievedAmount: null,
    lockedAt: "2026-11-04T16:05:00.000Z",
  },
  {
    _id: "c4e8a1b3-9d2f-4a7e-8c61-5b3f0e2d9a03",
    type: "bill",
    status: "failed",
    failureReason: "underpaid",
    requestedAmount: { value: "20000000", decimals: 6, currency: "USDC" },
    recievedAmount: { value: "7500000", decimals: 6, currency: "USDC" },
    lockedAt: "2026-11-03T09:00:00.000Z",
  },
  {
    _id: "e7f9b2c5-1a3d-4f6e-9b84-2d5c7a0e1f04",
    type: "donate",
    status: "initiated",
    failureReason: null,
    requestedAmount: { value: "250000", decimals: 6, currency: "USDT" },
    recievedAmount: null,
    lockedAt: "2026-11-04T08:00:00.000Z",
  },
];
