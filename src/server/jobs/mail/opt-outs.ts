import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOptOuts } from "../../db/schema";

/** Addresses are compared lower-case everywhere (the caps, the opt-outs, the links). */
export const normaliseAddress = (email: string) => email.trim().toLowerCase();

/** Which of `emails` asked for no more mail from this merchant (or from every merchant); answers them lower-case. */
export async function optedOutAmong(db: Pick<Db, "select">, merchantId: string, emails: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normaliseAddress))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(and(inArray(mailOptOuts.email, wanted), or(eq(mailOptOuts.merchantId, merchantId), isNull(mailOptOuts.merchantId))));
  return new Set(rows.map((r) => r.email));
}

export async function hasOptedOut(db: Pick<Db, "select">, merchantId: string, email: string): Promise<boolean> {
  return (await optedOutAmong(db, merchantId, [email])).size > 0;
}

/**
 * Records that `email` wants no more mail from `merchantId`, or from every merchant when
 * `merchantId` is null. Saying it twice changes nothing.
 */
export async function optOut(db: Pick<Db, "insert" | "execute">, email: string, merchantId: string | null): Promise<void> {
  const address = normaliseAddress(email);
  if (merchantId) {
    await db.insert(mailOptOuts).values({ email: address, merchantId }).onConflictDoNothing();
    return;
  }
  // A null merchant is never equal to another in a unique index: insert only when absent.
  await db.execute(
    sql`insert into mail_opt_outs (email, merchant_id) select ${address}, null where not exists (select 1 from mail_opt_outs where email = ${address} and merchant_id is null)`,
  );
}
