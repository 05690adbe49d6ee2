import { and, count, eq, inArray, sql } from "drizzle-orm";
import { COUNTED_STATUSES, pointsEarned, sumPoints, formatPoints, REFERRAL_BOOST, type PointsDto, type PointsPayment } from "@/lib/points";
import type { Db } from "../../db/client";
import { merchantWallets, transactions, users } from "../../db/schema";

const amountOf = sql<string>`coalesce(${transactions.receivedAmount}, ${transactions.requestedAmount})::text`;
const counted = inArray(transactions.status, [...COUNTED_STATUSES]);

/**
 * The payments a merchant's points come from (the rule is in src/lib/points.ts): their own
 * payments (received, or ramp when `ramp`), and payments whose payer is one of their attached
 * wallets (sent). EVM addresses are compared without case; Solana's are case-sensitive.
 */
export async function pointsPayments(db: Db, userId: string): Promise<PointsPayment[]> {
  const own = await db
    .select({ ramp: transactions.ramp, token: transactions.token, decimals: transactions.decimals, amount: amountOf })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), counted));
  const wallets = await db.select({ family: merchantWallets.family, address: merchantWallets.address }).from(merchantWallets).where(eq(merchantWallets.userId, userId));
  const exact = wallets.filter((w) => w.family !== "evm").map((w) => w.address);
  const lower = wallets.filter((w) => w.family === "evm").map((w) => w.address.toLowerCase());
  const sent =
    exact.length + lower.length === 0
      ? []
      : await db
          .select({ token: transactions.token, decimals: transactions.decimals, amount: amountOf })
          .from(transactions)
          .where(
            and(
              counted,
              sql`(${exact.length ? inArray(transactions.payer, exact) : sql`false`} or ${lower.length ? inArray(sql`lower(${transactions.payer})`, lower) : sql`false`})`,
            ),
          );
  return [
    ...own.map((r) => ({ kind: r.ramp ? ("ramp" as const) : ("received" as const), token: r.token, decimals: r.decimals, amount: BigInt(r.amount) })),
    ...sent.map((r) => ({ kind: "sent" as const, token: r.token, decimals: r.decimals, amount: BigInt(r.amount) })),
  ];
}

/** How many merchants signed up with this merchant's referral code. */
export async function countReferees(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, userId));
  return Number(row?.n ?? 0);
}

/** The merchant's points (SPEC §2 "Points"), computed from their payments on every read. */
export async function readPoints(db: Db, userId: string): Promise<PointsDto> {
  const units = sumPoints(await pointsPayments(db, userId));
  return {
    totalReceived: formatPoints(units.received),
    totalPaid: formatPoints(units.sent),
    rampPayments: formatPoints(units.ramp),
    pointsEarned: pointsEarned(units),
    peopleReferred: await countReferees(db, userId),
    refereePoints: 0,
    referralBoost: REFERRAL_BOOST,
  };
}
