import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transactions } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";

/** Serializes pay starts while they count and insert (two-int advisory key: 'zp' namespace, 2). */
export const PAY_START_LOCK = [0x7a70_0002, 0] as const;

export const TOO_MANY_PENDING_FOR_CLIENT = "You have too many payments waiting to be paid. Pay one or let it expire, then try again.";
export const LINK_BUSY = "This link has too many payments waiting to be paid right now. Please try again in a few minutes.";
export const PAYMENTS_BUSY = "Too many payments are waiting to be paid right now. Please try again in a few minutes.";

/**
 * Every started payment is watched on chain until it is paid or expires, and starting one needs no
 * account: so unpaid, unexpired payments are capped per client address, per link and for the
 * instance. Call inside the transaction that then creates the payment: the transaction-scoped lock
 * makes count-then-insert atomic across processes, so a burst cannot overshoot a cap.
 * @throws {ApiError} 429 `too_many_pending_payments` / `payments_busy`, 409 `link_busy`.
 */
export async function assertRoomForPayment(
  tx: Db,
  env: Pick<Env, "PAY_PENDING_PER_CLIENT" | "PAY_PENDING_PER_LINK" | "PAY_PENDING_TOTAL">,
  args: { productId: string; clientAddress: string; now?: Date },
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAY_START_LOCK[0]}, ${PAY_START_LOCK[1]})`);
  const waiting = and(eq(transactions.status, "initiated"), gt(transactions.expiresAt, args.now ?? new Date()));
  const [row] = await tx
    .select({
      client: count(sql`case when ${transactions.clientAddress} = ${args.clientAddress} then 1 end`),
      link: count(sql`case when ${transactions.productId} = ${args.productId} then 1 end`),
      total: count(),
    })
    .from(transactions)
    .where(waiting);
  const { client = 0, link = 0, total = 0 } = row ?? {};
  if (client >= env.PAY_PENDING_PER_CLIENT) throw new ApiError(429, "too_many_pending_payments", TOO_MANY_PENDING_FOR_CLIENT);
  if (link >= env.PAY_PENDING_PER_LINK) throw new ApiError(409, "link_busy", LINK_BUSY);
  if (total >= env.PAY_PENDING_TOTAL) throw new ApiError(429, "payments_busy", PAYMENTS_BUSY);
}
