import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { COUNTED_STATUSES, pointsEarned, sumPoints, formatPoints, REFERRAL_BOOST, type PointsDto, type PointsPayment } from "@/lib/points";
import type { Db } from "../../db/client";
import { merchantWallets, transactions, users } from "../../db/schema";
import { familyNamed } from "../../chains/families";

const amountOf = sql`coalesce(${transactions.receivedAmount}, ${transactions.requestedAmount})`;
/** Exact (numeric) sum of the amounts, as text for BigInt. */
const sumOf = sql<string>`sum(${amountOf})::text`;
const counted = inArray(transactions.status, [...COUNTED_STATUSES]);
/** The rule counts nothing for a non-positive amount: leave such rows out of the sums. */
const positive = sql`${amountOf} > 0`;
/** The expression the payer lookup compares, as indexed (transactions_payer_lower_idx). */
const lowerPayer = sql`lower(${transactions.payer})`;

/** Whether a family's addresses compare without case (EVM), else exactly (Solana). */
const caseInsensitive = (family: string) => familyNamed(family)?.caseInsensitiveAddresses ?? false;

/**
 * A merchant's proven wallets (signed for when attached), split as their family compares them:
 * exactly (Solana) or lowercased (EVM). A typed-in address proves nothing: anyone can type another's
 * address and collect points for what that wallet pays.
 */
export async function walletAddresses(db: Db, userId: string): Promise<{ exact: string[]; lower: string[] }> {
  const wallets = await db
    .select({ family: merchantWallets.family, address: merchantWallets.address })
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, userId), isNotNull(merchantWallets.provenAt)));
  return {
    exact: wallets.filter((w) => !caseInsensitive(w.family)).map((w) => w.address),
    lower: wallets.filter((w) => caseInsensitive(w.family)).map((w) => w.address.toLowerCase()),
  };
}

/**
 * The sums of the payments made from these wallets (to anyone), per token and decimals. Every
 * address is looked up through lower(payer) (indexed); Solana's are then kept only when equal.
 */
export function sentSumsQuery(db: Db, { exact, lower }: { exact: string[]; lower: string[] }) {
  const candidates = [...new Set([...exact.map((a) => a.toLowerCase()), ...lower])];
  return db
    .select({ token: transactions.token, decimals: transactions.decimals, amount: sumOf })
    .from(transactions)
    .where(
      and(
        inArray(lowerPayer, candidates),
        sql`(${exact.length ? inArray(transactions.payer, exact) : sql`false`} or ${lower.length ? inArray(lowerPayer, lower) : sql`false`})`,
        counted,
        positive,
      ),
    )
    .groupBy(transactions.token, transactions.decimals);
}

/**
 * The payments a merchant's points come from (the rule is in src/lib/points.ts), summed in the
 * database per what the rule needs (kind, token, decimals): their own payments (received, or ramp
 * when `ramp`), and payments whose payer is one of their proven wallets (sent). EVM addresses are
 * compared without case; Solana's are case-sensitive. The rule is linear in the amount, so it gives
 * the same totals on these sums as on the payments one by one.
 */
export async function pointsSums(db: Db, userId: string): Promise<PointsPayment[]> {
  const own = await db
    .select({ ramp: transactions.ramp, token: transactions.token, decimals: transactions.decimals, amount: sumOf })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), counted, positive))
    .groupBy(transactions.ramp, transactions.token, transactions.decimals);
  const wallets = await walletAddresses(db, userId);
  const sent = wallets.exact.length + wallets.lower.length === 0 ? [] : await sentSumsQuery(db, wallets);
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
  const units = sumPoints(await pointsSums(db, userId));
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
