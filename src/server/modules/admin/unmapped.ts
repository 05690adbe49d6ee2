import { desc, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { unmappedTransfers, users, type TransactionRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { UnmappedTransferRow } from "../../payments/unmapped";
import { isUuid } from "@/lib/uuid";
import { listOpenPaymentsFor, mapInflow } from "../unmapped";

/** How many inflows the Map Transactions page lists (newest first). */
export const ADMIN_UNMAPPED_LIMIT = 200;

export interface UnmappedWithMerchant {
  inflow: UnmappedTransferRow;
  merchant: { _id: string; publicKey: string; email: string | null };
}

/** Every merchant's unmapped inflows, newest first, each with whose it is. */
export async function listAllUnmapped(db: Db, limit = ADMIN_UNMAPPED_LIMIT): Promise<UnmappedWithMerchant[]> {
  const rows = await db
    .select({ inflow: unmappedTransfers, publicKey: users.publicKey, email: users.email })
    .from(unmappedTransfers)
    .innerJoin(users, eq(users.id, unmappedTransfers.userId))
    .orderBy(desc(unmappedTransfers.createdAt))
    .limit(limit);
  return rows.map((r) => ({ inflow: r.inflow, merchant: { _id: r.inflow.userId, publicKey: r.publicKey, email: r.email } }));
}

/** Any merchant's unmapped inflow. @throws {ApiError} 404 when there is none (mapped meanwhile). */
async function findInflow(db: Db, id: string): Promise<UnmappedTransferRow> {
  const [row] = isUuid(id) ? await db.select().from(unmappedTransfers).where(eq(unmappedTransfers.id, id)) : [];
  if (!row) throw new ApiError(404, "not_found", "No unmapped inflow with this id (already mapped?)");
  return row;
}

/** The open payments of the inflow's own merchant it may be mapped to (the merchant's Map dialog list). */
export async function listOpenPaymentsForInflow(db: Db, inflowId: string): Promise<TransactionRow[]> {
  const inflow = await findInflow(db, inflowId);
  return listOpenPaymentsFor(db, inflow.userId, inflow);
}

/**
 * The operator maps an inflow on its merchant's behalf: exactly the merchant's own Map (same
 * checks, same payment rules, same exactly-once credit), acting as the merchant who received it,
 * so a payment of another merchant can never be chosen (404 as for the merchant).
 */
export async function mapInflowAsOperator(deps: Pick<AppDeps, "database" | "log" | "env" | "queue">, operatorId: string, inflowId: string, paymentId: string): Promise<TransactionRow> {
  const inflow = await findInflow(deps.database.db, inflowId);
  const row = await mapInflow(deps, inflow.userId, inflow.id, paymentId);
  deps.log.info({ operatorId, merchantId: inflow.userId, inflowId, transactionId: row.id }, "operator mapped an unmapped inflow");
  return row;
}

