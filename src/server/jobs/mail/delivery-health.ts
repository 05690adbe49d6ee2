import { and, desc, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emails } from "../../db/schema";
import type { Env } from "../../env";

/** How far back the latest delivery attempt still says something about the mail server now. */
const RECENT_ATTEMPT = sql.raw(`interval '30 minutes'`);

export type MailDeliveryTrouble = "off" | "failing";

/**
 * Whether mail queued now would go out: "off" when this server sends none (production without
 * SMTP_URL: mails wait in the outbox), "failing" when the latest hand-over to the SMTP server, in
 * the last half hour, failed (the sender retries it), else undefined. Read from the outbox, so it
 * holds whichever process sends. A merchant told "sent" while nothing leaves would be misled.
 */
export async function mailDeliveryTrouble(db: Pick<Db, "select">, env: Pick<Env, "SMTP_URL" | "ZPAY_MODE">): Promise<MailDeliveryTrouble | undefined> {
  if (!env.SMTP_URL && env.ZPAY_MODE === "production") return "off";
  const [latest] = await db
    .select({ status: emails.status, lastError: emails.lastError })
    .from(emails)
    .where(and(isNotNull(emails.lastAttemptAt), gt(emails.lastAttemptAt, sql`now() - ${RECENT_ATTEMPT}`)))
    .orderBy(desc(emails.lastAttemptAt))
    .limit(1);
  return latest && latest.status !== "sent" && latest.lastError ? "failing" : undefined;
}
