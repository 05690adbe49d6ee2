import { z } from "@hono/zod-openapi";
import type { OpenPaymentDto as OpenPaymentContract, UnmappedInflowDto as UnmappedInflowContract } from "@/lib/unmapped";
import type { TransactionRow } from "../../db/schema";
import type { UnmappedTransferRow } from "../../payments/unmapped";

const Amount = z.object({
  value: z.string().openapi({ description: "Base units (integer text)", example: "12500000" }),
  decimals: z.number().int(),
  currency: z.string().openapi({ example: "USDC" }),
});

export const UnmappedInflowDto = z
  .object({
    _id: z.string(),
    chain: z.number().int().openapi({ description: "Chain id (SPEC §3 ids)", example: -5001 }),
    amount: Amount,
    tokenAddress: z.string().openapi({ description: "Mint (Solana) or token contract (EVM)" }),
    sender: z.string().openapi({ description: "The wallet that sent it" }),
    hash: z.string(),
    scanLink: z.string().nullable().openapi({ description: "Explorer page of the hash, when known" }),
    date: z.string().openapi({ description: "Block time, else when the scan found it (ISO 8601)" }),
  })
  .openapi("UnmappedInflow");

export const OpenPaymentDto = z
  .object({
    _id: z.string().openapi({ description: "The transaction's id" }),
    type: z.string().openapi({ example: "collect" }),
    status: z.enum(["initiated", "paid", "validated", "failed"]),
    failureReason: z.string().nullable(),
    requestedAmount: Amount,
    recievedAmount: Amount.nullable(),
    lockedAt: z.string(),
  })
  .openapi("OpenPayment");

/** A token's symbol and decimals as this instance knows them. */
export interface TokenFacts {
  symbol: string;
  decimals: number;
}

export function toUnmappedInflowDto(row: UnmappedTransferRow, token: TokenFacts, scanLink: string | undefined) {
  return {
    _id: row.id,
    chain: row.chainId,
    amount: { value: row.amount.toString(), decimals: token.decimals, currency: token.symbol },
    tokenAddress: row.tokenAddress,
    sender: row.payer,
    hash: row.signature,
    scanLink: scanLink ?? null,
    date: (row.blockTime ?? row.createdAt).toISOString(),
  } satisfies UnmappedInflowContract;
}

export function toOpenPaymentDto(row: TransactionRow) {
  const amount = (value: bigint) => ({ value: value.toString(), decimals: row.decimals, currency: row.token });
  return {
    _id: row.id,
    type: row.productType,
    status: row.status,
    failureReason: row.failureReason,
    requestedAmount: amount(row.requestedAmount),
    recievedAmount: row.receivedAmount === null || row.receivedAmount === 0n ? null : amount(row.receivedAmount),
    lockedAt: row.lockedAt.toISOString(),
  } satisfies OpenPaymentContract;
}
