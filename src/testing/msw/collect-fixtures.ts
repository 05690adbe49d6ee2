/** Stories only: the sample zRequests the story server starts from (same data as the baselines). */
import type { CollectDto } from "@/lib/collect";
import { collectStatus } from "@/lib/collect";
import { completedPayment, failedPayment, verifyingSwapPayment, STORY_USER_ID } from "./fixtures";

function collect(overrides: Partial<CollectDto> & Pick<CollectDto, "_id" | "hashedId" | "name" | "email" | "price" | "currency" | "createdAt">): CollectDto {
  const row: CollectDto = {
    user: STORY_USER_ID,
    desc: "Invoice for March consulting",
    site: null,
    amount: overrides.price,
    useFiat: overrides.currency !== "USDC",
    userCurrency: "USD",
    status: "pending",
    enabled: true,
    updatedAt: overrides.createdAt,
    lastEmailedAt: overrides.createdAt,
    payerUnsubscribed: false,
    updateUrl: overrides.paymentInfo || overrides.enabled === false ? null : `/collects/update/${overrides._id}`,
    paymentInfo: null,
    ...overrides,
  };
  return { ...row, status: collectStatus(row) };
}

const asCollect = <T extends { type: string }>(payment: T): T => ({ ...payment, type: "collect" });

/** Newest first, as the API lists them: pending, completed, verifying, failed, disabled. */
export const sampleCollects: CollectDto[] = [
  collect({ _id: "c1", hashedId: "Rq7Hq2kZr9Xb", name: "Ada Lovelace", email: "ada@example.com", price: "12.5", currency: "USD", createdAt: "2026-11-04T09:30:00.000Z" }),
  collect({ _id: "c2", hashedId: "Rq3fGtYw8LpQ", name: "Grace Hopper", email: "grace.hopper@navy.example", price: "12.5", currency: "USD", createdAt: "2026-11-02T09:59:00.000Z", paymentInfo: asCollect(completedPayment) }),
  collect({ _id: "c3", hashedId: "Rq9KmNb4VcXz", name: "Alan Turing", email: "alan@bletchley.example", price: "40", currency: "USDC", createdAt: "2026-11-01T16:00:00.000Z", paymentInfo: asCollect(verifyingSwapPayment) }),
  collect({ _id: "c4", hashedId: "Rq2WxEr5TyUi", name: "Katherine Johnson", email: "kj@example.com", price: "0.5", currency: "USDC", createdAt: "2026-10-30T12:00:00.000Z", paymentInfo: asCollect(failedPayment) }),
  collect({ _id: "c5", hashedId: "Rq8PoIu7YtRe", name: "Edsger Dijkstra", email: "ewd@example.com", price: "99.99", currency: "USD", createdAt: "2026-10-20T08:15:00.000Z", enabled: false }),
];
