import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emails } from "../../db/schema";
import type { MailTemplateData, MailTemplateName } from "./templates-contract";

/** The NOTIFY channel a new outbox row is announced on, so a sender looks at once. */
export const NEW_EMAIL_CHANNEL = "zpay_new_email";

/**
 * Puts an e-mail in the outbox, inside the caller's database transaction (the thing that causes
 * the mail and the mail commit together, or neither). Sending is the mail job's work, never the
 * request's: a slow or failing SMTP server cannot fail or slow the merchant's save.
 * The mail sender is told on commit (NOTIFY inside the transaction goes out once the row is
 * visible); a lost notice only delays the mail until the sender's next sweep.
 * Returns the outbox row's id.
 */
export async function enqueueEmail<T extends MailTemplateName>(
  tx: Pick<Db, "insert" | "execute">,
  mail: { userId: string | null; to: string; template: T; language: string; data: MailTemplateData[T] },
): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values({
      userId: mail.userId,
      to: mail.to,
      template: mail.template,
      language: mail.language,
      data: mail.data as unknown as Record<string, unknown>,
      // Due at once, to the millisecond: PostgreSQL's now() has microseconds, and a sender comparing
      // with a JavaScript Date of the same millisecond would otherwise skip the new mail until its sweep.
      nextAttemptAt: sql`date_trunc('milliseconds', now())`,
    })
    .returning({ id: emails.id });
  await tx.execute(sql`select pg_notify(${NEW_EMAIL_CHANNEL}, '')`);
  return row.id;
}
