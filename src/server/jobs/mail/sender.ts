import pg from "pg";
import { and, asc, eq, inArray, isNull, lte, min, or, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { emails, type EmailRow } from "../../db/schema";
import type { Logger } from "../../logger";
import { coalescedRun } from "../coalesced-run";
import type { Queue } from "../queue";
import { NEW_EMAIL_CHANNEL } from "./enqueue";
import { MERCHANT_MAIL_TEMPLATES } from "./merchant-mail";
import { hasOptedOut } from "./opt-outs";
import { isMailTemplate, render } from "./templates";
import type { MailTransport } from "./transport";

/**
 * The mail sender (one job): takes due rows of the `emails` outbox, renders each (en/fr, text +
 * HTML), sends it over the transport and records the outcome. A row is claimed with a lease under
 * `FOR UPDATE SKIP LOCKED`, so two processes on one database never take the same mail; a failure
 * is retried with exponential backoff, and after the last attempt the row is `failed` (kept, never
 * deleted). Woken by the NOTIFY `enqueueEmail` sends on commit, by a timer when the next retry
 * comes due, and by a sweep every minute (rows whose process stopped mid-send, lost notices).
 */

export const MAIL_QUEUES = { sweep: "mail-sweep" } as const;
export const MAIL_SWEEP_CRON = "* * * * *";
/** Attempts in all before a mail is `failed`. */
export const MAIL_MAX_ATTEMPTS = 8;
/** Wait before the first retry; each next one doubles (30 s, 1 min, 2 min … ≈ 1 h in all). */
export const MAIL_RETRY_BASE_MS = 30_000;
/** How long a claimed mail is reserved for its send (longer than an SMTP conversation may take). */
export const MAIL_LEASE_MS = 120_000;
/** Mails claimed per round trip. */
export const MAIL_BATCH = 20;
/** Longest the worker sleeps between two looks at the outbox. */
const MAX_IDLE_MS = 60_000;

export interface MailSenderOptions {
  transport: MailTransport;
  from: string;
  brand: string;
  maxAttempts?: number;
  retryBaseMs?: number;
  leaseMs?: number;
  batch?: number;
  now?: () => Date;
}

export interface MailSenderDeps {
  db: Db;
  log?: Logger;
}

export interface SendPass {
  sent: number;
  retried: number;
  failed: number;
}

/** Delay before the retry that follows attempt number `attempts` (1-based). */
export function retryDelayMs(attempts: number, baseMs = MAIL_RETRY_BASE_MS): number {
  return baseMs * 2 ** Math.max(0, attempts - 1);
}

const due = (now: Date) =>
  and(eq(emails.status, "pending"), lte(emails.nextAttemptAt, now), or(isNull(emails.leaseUntil), lte(emails.leaseUntil, now)));

/** Leases up to `limit` due mails to this caller; rows another sender is claiming are skipped, not waited for. */
export async function claimDueEmails(db: Db, now: Date, leaseMs: number, limit: number): Promise<EmailRow[]> {
  const ids = db.select({ id: emails.id }).from(emails).where(due(now)).orderBy(asc(emails.nextAttemptAt)).limit(limit).for("update", { skipLocked: true });
  return db
    .update(emails)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(emails.id, ids), due(now)))
    .returning();
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

async function sendOne(deps: MailSenderDeps, options: MailSenderOptions, row: EmailRow, now: () => Date): Promise<keyof SendPass> {
  const mine = and(eq(emails.id, row.id), eq(emails.status, "pending"));
  const attempts = row.attempts + 1;
  if (!isMailTemplate(row.template)) {
    await deps.db.update(emails).set({ status: "failed", attempts, leaseUntil: null, lastError: `unknown template ${row.template}` }).where(mine);
    deps.log?.error({ emailId: row.id, template: row.template }, "e-mail has an unknown template; marked failed");
    return "failed";
  }
  if (row.userId && (MERCHANT_MAIL_TEMPLATES as readonly string[]).includes(row.template) && (await hasOptedOut(deps.db, row.userId, row.to))) {
    // Queued before the payer unsubscribed (e.g. while the SMTP server was down): not sent after all.
    await deps.db.update(emails).set({ status: "failed", attempts, leaseUntil: null, lastError: "recipient unsubscribed" }).where(mine);
    deps.log?.info({ emailId: row.id, template: row.template }, "e-mail not sent: the recipient unsubscribed");
    return "failed";
  }
  try {
    const mail = render(row.template, row.language, row.data as never, options.brand);
    const { messageId } = await options.transport.send({ from: options.from, to: row.to, ...mail });
    const at = now();
    await deps.db.update(emails).set({ status: "sent", attempts, leaseUntil: null, lastError: null, messageId, sentAt: at, lastAttemptAt: at }).where(mine);
    deps.log?.info({ emailId: row.id, template: row.template, attempts }, "e-mail sent");
    return "sent";
  } catch (err) {
    const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
    const failed = attempts >= maxAttempts;
    const nextAttemptAt = failed ? row.nextAttemptAt : new Date(now().getTime() + retryDelayMs(attempts, options.retryBaseMs));
    await deps.db
      .update(emails)
      .set({ status: failed ? "failed" : "pending", attempts, leaseUntil: null, lastError: errorText(err), nextAttemptAt, lastAttemptAt: now() })
      .where(mine);
    deps.log?.warn({ err, emailId: row.id, attempts, nextAttemptAt: failed ? null : nextAttemptAt }, failed ? "e-mail failed for good" : "e-mail not sent; will retry");
    return failed ? "failed" : "retried";
  }
}

/** Sends every mail due now, batch after batch, until none is left. */
export async function sendDueEmails(deps: MailSenderDeps, options: MailSenderOptions): Promise<SendPass> {
  const now = options.now ?? (() => new Date());
  const pass: SendPass = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const rows = await claimDueEmails(deps.db, now(), options.leaseMs ?? MAIL_LEASE_MS, options.batch ?? MAIL_BATCH);
    if (rows.length === 0) return pass;
    for (const row of rows) pass[await sendOne(deps, options, row, now)]++;
  }
}

/** When the outbox next needs a look: the earliest pending retry or expiring lease, if any. */
async function nextDueAt(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(sql<Date>`greatest(${emails.nextAttemptAt}, coalesce(${emails.leaseUntil}, ${emails.nextAttemptAt}))`) })
    .from(emails)
    .where(eq(emails.status, "pending"));
  return row?.at ? new Date(row.at) : undefined;
}

/** Calls `onNew` whenever a mail is enqueued (NOTIFY on commit): PGlite's listener or a dedicated PostgreSQL connection. */
async function listenForNewEmails(database: Database, onNew: () => void): Promise<() => Promise<void>> {
  if (database.pglite) return database.pglite.listen(NEW_EMAIL_CHANNEL, () => onNew());
  const client = new pg.Client({ connectionString: database.connectionString });
  // A dropped listener only costs latency (the timer and the sweep still run); never crash on it.
  client.on("error", () => {});
  client.on("notification", (n) => {
    if (n.channel === NEW_EMAIL_CHANNEL) onNew();
  });
  await client.connect();
  await client.query(`listen ${NEW_EMAIL_CHANNEL}`);
  return async () => {
    await client.end().catch(() => {});
  };
}

export interface MailWorker {
  /** Looks at the outbox now; resolves when that pass (and any asked for during it) ends. */
  wake(): Promise<void>;
  /** Stops listening and waits for the pass in flight. */
  stop(): Promise<void>;
}

/** Starts the sender in this process: listens for new mails, sweeps every minute (pg-boss cron when a queue is given), and sends what is due at once. */
export async function startMailWorker(database: Database, log: Logger, options: MailSenderOptions & { queue?: Queue }): Promise<MailWorker> {
  const deps: MailSenderDeps = { db: database.db, log };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = async () => {
    if (stopped) return;
    const at = await nextDueAt(database.db);
    if (!at || stopped) return;
    clearTimeout(timer);
    const delay = Math.min(Math.max(at.getTime() - Date.now(), 50), MAX_IDLE_MS);
    timer = setTimeout(() => void runner.run(), delay);
    timer.unref();
  };
  const runner = coalescedRun(
    async () => {
      const pass = await sendDueEmails(deps, options);
      if (pass.sent + pass.retried + pass.failed > 0) log.debug(pass, "mail pass");
      await schedule();
    },
    { stopped: () => stopped, onError: (err) => log.error({ err }, "mail pass failed; the next wake-up retries") },
  );
  const unlisten = await listenForNewEmails(database, () => void runner.run());
  const idle = setInterval(() => void runner.run(), MAX_IDLE_MS);
  idle.unref();
  if (options.queue) {
    await options.queue.createQueue(MAIL_QUEUES.sweep);
    await options.queue.schedule(MAIL_QUEUES.sweep, MAIL_SWEEP_CRON);
    await options.queue.work(MAIL_QUEUES.sweep, () => runner.run());
  }
  void runner.run();
  return {
    wake: () => runner.run(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(idle);
      await unlisten();
      if (options.queue) await options.queue.offWork(MAIL_QUEUES.sweep).catch(() => {});
      await runner.current;
      options.transport.close();
    },
  };
}
