import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { unmappedTransfers } from "../db/schema";
import type { UnmappedTransferData } from "./dto";
import { insertWebhookEvents } from "./outbox";

export type UnmappedTransferRow = typeof unmappedTransfers.$inferSelect;

/** A transfer into a merchant's receiving account that paid no transaction. */
export interface UnmappedTransferInput {
  userId: string;
  chainId: number;
  tokenAddress: string;
  recipientTokenAccount: string;
  signature: string;
  instructionIndex: number;
  innerIndex: number;
  source: string;
  payer: string;
  /**
   * Every wallet that moved the money (the family's facts code names them: `solanaParties`,
   * `evmParties`), all screened when the inflow is mapped. The scans always give them.
   */
  parties?: string[];
  amount: bigint;
  memos: string[];
  slot?: number;
  blockTime?: Date;
}

export function toUnmappedTransferData(row: UnmappedTransferRow): UnmappedTransferData {
  return {
    _id: row.id,
    chain: row.chainId,
    tokenAddress: row.tokenAddress,
    recipientTokenAccount: row.recipientTokenAccount,
    hash: row.signature,
    instructionIndex: row.instructionIndex,
    innerIndex: row.innerIndex,
    from: row.payer,
    source: row.source,
    amount: { value: row.amount.toString(), tokenAddress: row.tokenAddress },
    memos: row.memos,
    blockTime: row.blockTime ? row.blockTime.toISOString() : null,
  };
}

/**
 * Records money that reached a merchant without paying any transaction, once per on-chain
 * transfer, with a `payment.unmapped` event in the same database transaction. Answers the row and
 * the event ids to deliver, or undefined when it was recorded before (a rescan is a no-op).
 */
export async function recordUnmapped(
  db: Db,
  input: UnmappedTransferInput,
  now = new Date(),
): Promise<{ row: UnmappedTransferRow; eventIds: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(unmappedTransfers)
      .values({ ...input, slot: input.slot ?? null, blockTime: input.blockTime ?? null, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    const eventIds = await insertWebhookEvents(tx, {
      userId: input.userId,
      transactionId: null,
      events: [{ type: "payment.unmapped", data: toUnmappedTransferData(row) }],
      now,
    });
    return { row, eventIds };
  });
}

/** A merchant's unmapped transfers, newest first (the raw material of the Unmapped screen). */
export function listUnmapped(db: Db, userId: string, limit = 100): Promise<UnmappedTransferRow[]> {
  return db
    .select()
    .from(unmappedTransfers)
    .where(eq(unmappedTransfers.userId, userId))
    .orderBy(desc(unmappedTransfers.createdAt))
    .limit(limit);
}
