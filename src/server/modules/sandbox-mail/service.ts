import { count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sandboxMails } from "../../db/schema";
import type { SandboxMail } from "@/lib/sandbox-mail";

function toDto(row: typeof sandboxMails.$inferSelect): SandboxMail {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** A page of the sandbox mailbox, newest first; `to` keeps the mails sent to that address (any case). */
export async function listSandboxMails(db: Db, query: { page: number; pageSize: number; to?: string }): Promise<{ mails: SandboxMail[]; total: number }> {
  const where: SQL | undefined = query.to
    ? sql`exists (select 1 from unnest(${sandboxMails.to}) as r(address) where lower(r.address) = lower(${query.to}))`
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(sandboxMails)
      .where(where)
      .orderBy(desc(sandboxMails.receivedAt), desc(sandboxMails.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(sandboxMails).where(where),
  ]);
  return { mails: rows.map(toDto), total };
}

/** One mail of the sandbox mailbox, or undefined. */
export async function readSandboxMail(db: Db, id: string): Promise<SandboxMail | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(sandboxMails).where(eq(sandboxMails.id, id));
  return row ? toDto(row) : undefined;
}
