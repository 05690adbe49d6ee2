import { desc, eq } from "drizzle-orm";
import { emailLocalPart, type ReferralDto } from "@/lib/referral";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/**
 * The merchants who signed up with `userId`'s referral code, newest first (SPEC §2 Referral).
 * Only the local part of each referee's e-mail leaves the server.
 */
export async function listReferrals(db: Db, userId: string): Promise<ReferralDto[]> {
  const rows = await db
    .select({ createdAt: users.createdAt, email: users.email })
    .from(users)
    .where(eq(users.referredBy, userId))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map((r) => ({ createdAt: r.createdAt.toISOString(), refereeInfo: { email: emailLocalPart(r.email) } }));
}

/**
 * The merchant's referral code. Every account gets one when it is created (the column is not
 * null), so the SPEC's "add missing referral codes" call has nothing to add: it answers the code.
 */
export async function ownReferralCode(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  return row.code;
}
