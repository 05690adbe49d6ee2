import { and, count, desc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transactions } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { budgetStep, mayDisplace } from "./start-budget";

/**
 * Serializes the starts of one link while they count and insert (two-int advisory key: 'zp'
 * namespace 2, the link id's hash). Only starts of the same link wait on each other.
 */
export const PAY_START_LINK_LOCK = 0x7a70_0002;

export const TOO_MANY_PENDING_FOR_CLIENT = "You have too many payments waiting to be paid. Pay one or let it expire, then try again.";
export const LINK_BUSY = "This link has too many payments waiting to be paid right now. Please try again in a few minutes.";
export const PAYMENTS_BUSY = "Too many payments are waiting to be paid right now. Please try again in a few minutes.";

type CapsEnv = Pick<Env, "PAY_PENDING_PER_CLIENT" | "PAY_PENDING_PER_LINK" | "PAY_PENDING_TOTAL">;

export interface RoomArgs {
  productId: string;
  /** The caller's address block (http/client-address.ts `addressPrefix`). */
  clientPrefix: string;
  now?: Date;
}

/**
 * Makes room for one more unpaid payment under the budget of start-budget.ts, or refuses. Call
 * inside the transaction that then creates the payment.
 *
 * Locking: a transaction-scoped advisory lock per link, so the link cap is exact and two starts on
 * one link never both take the same slot; starts on other links never wait. The per-block and the
 * instance counts are read without a shared lock: starts running at the same moment on other links
 * may each see the last free slot, so those caps can be overshot by at most the number of starts in
 * flight at once (bounded by the database pool), never more — and the next start sees the overshoot.
 * @throws {ApiError} 429 `too_many_pending_payments` / `payments_busy`, 409 `link_busy`.
 * @returns how many unpaid starts gave way (0 or 1).
 */
export async function makeRoomForPayment(tx: Db, env: CapsEnv, args: RoomArgs): Promise<number> {
  const now = args.now ?? new Date();
  await tx.execute(sql`select pg_advisory_xact_lock(${PAY_START_LINK_LOCK}, hashtext(${args.productId}))`);
  const waiting = and(eq(transactions.status, "initiated"), gt(transactions.expiresAt, now))!;
  const onLink = eq(transactions.productId, args.productId);
  const ofBlock = eq(transactions.clientPrefix, args.clientPrefix);
  // One connection: the three counts run one after the other, each on its own partial index.
  const prefix = await countWhere(tx, and(waiting, ofBlock)!);
  const link = await countWhere(tx, and(waiting, onLink)!);
  const total = await countWhere(tx, waiting);
  const step = budgetStep({ prefix, link, total }, { perPrefix: env.PAY_PENDING_PER_CLIENT, perLink: env.PAY_PENDING_PER_LINK, total: env.PAY_PENDING_TOTAL });
  if (step.kind === "start") return 0;
  if (step.kind === "refuse-prefix") throw new ApiError(429, "too_many_pending_payments", TOO_MANY_PENDING_FOR_CLIENT);
  const scope = step.scope === "link" ? and(waiting, onLink)! : waiting;
  const newcomer = step.scope === "link" ? await countWhere(tx, and(scope, ofBlock)!) : prefix;
  const heaviest = await heaviestBlock(tx, scope);
  const gaveWay = heaviest && mayDisplace(newcomer, heaviest.held) ? await expireOldest(tx, scope, heaviest.prefix, now) : false;
  if (gaveWay) return 1;
  if (step.scope === "link") throw new ApiError(409, "link_busy", LINK_BUSY);
  throw new ApiError(429, "payments_busy", PAYMENTS_BUSY);
}

async function countWhere(tx: Db, where: SQL): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(transactions).where(where);
  return row?.n ?? 0;
}

/** The address block holding the most unpaid starts in `scope` (rows from before blocks were recorded form one block). */
async function heaviestBlock(tx: Db, scope: SQL): Promise<{ prefix: string | null; held: number } | undefined> {
  const [row] = await tx
    .select({ prefix: transactions.clientPrefix, held: count() })
    .from(transactions)
    .where(scope)
    .groupBy(transactions.clientPrefix)
    .orderBy(desc(count()))
    .limit(1);
  return row;
}

/**
 * The block's oldest unpaid start in `scope` expires now: it stops counting at once, the watcher
 * fails it `expired` when it next looks, and a transfer that still pays it is credited as late.
 * One that already received part of its amount is left alone. Skips rows another start is taking.
 */
async function expireOldest(tx: Db, scope: SQL, prefix: string | null, now: Date): Promise<boolean> {
  const ofBlock = prefix === null ? isNull(transactions.clientPrefix) : eq(transactions.clientPrefix, prefix);
  const untouched = or(isNull(transactions.receivedAmount), eq(transactions.receivedAmount, 0n));
  const oldest = tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(scope, ofBlock, untouched))
    .orderBy(transactions.createdAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const expired = await tx
    .update(transactions)
    .set({ expiresAt: now, updatedAt: now })
    .where(sql`${transactions.id} = (${oldest})`)
    .returning({ id: transactions.id });
  return expired.length > 0;
}
