import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emails, sandboxMails } from "../../db/schema";
import { createLogger } from "../../logger";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until } from "../../testing/webhook-receiver";
import { mailDeliveryTrouble } from "./delivery-health";
import { enqueueEmail } from "./enqueue";
import { claimDueEmails, retryDelayMs, sendDueEmails, startMailWorker, type MailSenderOptions } from "./sender";
import { startSandboxSmtp, type SandboxSmtp } from "./sandbox-smtp";
import { smtpTransport, type MailTransport } from "./transport";
import type { MailTemplateData } from "./templates-contract";

const log = createLogger("silent");
const request: MailTemplateData["collect-request"] = {
  merchantName: "Café <Lumière>",
  payerName: "Ada",
  amount: "42.5",
  currency: "USDC",
  message: "Invoice #12",
  payUrl: "https://pay.example.com/?p=abc",
};

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(TEST_BACKENDS)("mail sender on %s", (kind) => {
  let database: Database;
  let smtp: SandboxSmtp;
  let transport: MailTransport;
  const options = (extra: Partial<MailSenderOptions> = {}): MailSenderOptions => ({ transport, from: "zPay <no-reply@localhost>", brand: "zPay", ...extra });

  beforeAll(async () => {
    database = await openTestDb(kind);
    smtp = await startSandboxSmtp(database.db, log);
    transport = smtpTransport({ host: smtp.host, port: smtp.port });
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(emails);
    await database.db.delete(sandboxMails);
  });

  const enqueue = (to: string, language = "en", template: "collect-request" | "collect-reminder" = "collect-request") =>
    database.db.transaction((tx) => enqueueEmail(tx, { userId: null, to, template, language, data: request }));
  const row = async (id: string) => (await database.db.select().from(emails).where(eq(emails.id, id)))[0];
  const inbox = () => database.db.select().from(sandboxMails).orderBy(asc(sandboxMails.receivedAt));

  it("sends an enqueued mail through the embedded SMTP server into the sandbox mailbox, in English and French", async () => {
    const en = await enqueue("ada@example.com", "en");
    const fr = await enqueue("zoe@example.com", "fr", "collect-reminder");
    expect(await sendDueEmails({ db: database.db, log }, options())).toEqual({ sent: 2, retried: 0, failed: 0 });

    const mails = await inbox();
    expect(mails).toHaveLength(2);
    const toAda = mails.find((m) => m.to.includes("ada@example.com"))!;
    expect(toAda.from).toBe('"zPay" <no-reply@localhost>');
    expect(toAda.subject).toBe("Café <Lumière> asks you to pay 42.5 USDC");
    expect(toAda.text).toContain("Pay now: https://pay.example.com/?p=abc");
    expect(toAda.html).toContain("Café &lt;Lumière&gt; asks you to pay 42.5 USDC");
    expect(toAda.html).toContain('href="https://pay.example.com/?p=abc"');
    const toZoe = mails.find((m) => m.to.includes("zoe@example.com"))!;
    expect(toZoe.subject).toBe("Rappel : Café <Lumière> vous demande de payer 42,5 USDC");
    expect(toZoe.text).toContain("Bonjour Ada,");
    expect(toZoe.html).toContain("Payer maintenant");

    for (const id of [en, fr]) {
      const sent = await row(id);
      expect(sent).toMatchObject({ status: "sent", attempts: 1, leaseUntil: null, lastError: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
    }
    expect((await row(en)).messageId).toBe(toAda.messageId);
    // Nothing is due any more: a second pass sends nothing again.
    expect(await sendDueEmails({ db: database.db, log }, options())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await inbox()).toHaveLength(2);
  });

  it("retries a mail the SMTP server refused later, then sends it once the server is back; nothing is lost", async () => {
    const port = await closedPort();
    const down = smtpTransport({ host: "127.0.0.1", port });
    const id = await enqueue("ada@example.com");
    const t0 = new Date();
    try {
      expect(await sendDueEmails({ db: database.db, log }, options({ transport: down, now: () => t0 }))).toEqual({ sent: 0, retried: 1, failed: 0 });
      const waiting = await row(id);
      expect(waiting).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(waiting.nextAttemptAt.getTime()).toBe(t0.getTime() + retryDelayMs(1));
      // The merchant's screens read this attempt: mail queued now would not go out (yet).
      expect(waiting.lastAttemptAt).toEqual(t0);
      expect(await mailDeliveryTrouble(database.db, { SMTP_URL: "smtp://127.0.0.1", ZPAY_MODE: "sandbox" })).toBe("failing");
      // Not due yet: nothing is tried before the backoff.
      expect(await sendDueEmails({ db: database.db, log }, options({ transport: down, now: () => t0 }))).toEqual({ sent: 0, retried: 0, failed: 0 });

      const back = await startSandboxSmtp(database.db, log, { port });
      try {
        const later = new Date(t0.getTime() + retryDelayMs(1));
        expect(await sendDueEmails({ db: database.db, log }, options({ transport: down, now: () => later }))).toEqual({ sent: 1, retried: 0, failed: 0 });
      } finally {
        down.close();
        await back.stop();
      }
    } finally {
      down.close();
    }
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await mailDeliveryTrouble(database.db, { SMTP_URL: "smtp://127.0.0.1", ZPAY_MODE: "sandbox" })).toBeUndefined();
    expect((await inbox()).map((m) => m.subject)).toEqual(["Café <Lumière> asks you to pay 42.5 USDC"]);
  });

  it("backs off exponentially and, after the last attempt, keeps the mail as failed", async () => {
    const down = smtpTransport({ host: "127.0.0.1", port: await closedPort() });
    const id = await enqueue("ada@example.com");
    let now = new Date();
    const delays: number[] = [];
    try {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const pass = await sendDueEmails({ db: database.db, log }, options({ transport: down, maxAttempts: 3, now: () => now }));
        const r = await row(id);
        if (attempt < 3) {
          expect(pass.retried).toBe(1);
          delays.push(r.nextAttemptAt.getTime() - now.getTime());
          now = r.nextAttemptAt;
        } else expect(pass.failed).toBe(1);
      }
    } finally {
      down.close();
    }
    expect(delays).toEqual([retryDelayMs(1), retryDelayMs(2)]);
    expect(delays[1]).toBe(2 * delays[0]);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(await sendDueEmails({ db: database.db, log }, options({ now: () => new Date(now.getTime() + 86_400_000) }))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await inbox()).toHaveLength(0);
  });

  it("a mail just enqueued is due at once for a sender whose clock reads the same millisecond", async () => {
    const id = await enqueue("now@example.com");
    const stored = await row(id);
    // The stored time read back as a JavaScript Date (milliseconds): what a sender's clock can read right after the commit.
    const claimed = await claimDueEmails(database.db, new Date(stored.nextAttemptAt.getTime()), 60_000, 10);
    expect(claimed.map((r) => r.id)).toEqual([id]);
  });

  it("marks a mail with an unknown template failed without sending anything", async () => {
    // Due a second ago: PostgreSQL's default now() carries microseconds a JavaScript Date of the same millisecond lacks.
    const [bad] = await database.db.insert(emails).values({ to: "x@example.com", template: "no-such-template", data: {}, nextAttemptAt: new Date(Date.now() - 1000) }).returning();
    expect(await sendDueEmails({ db: database.db, log }, options())).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(bad.id)).toMatchObject({ status: "failed", lastError: "unknown template no-such-template" });
  });

  it("leases claimed mails: a second claim at the same time gets none of them", async () => {
    for (let i = 0; i < 6; i++) await enqueue(`p${i}@example.com`);
    const now = new Date();
    const [a, b] = await Promise.all([claimDueEmails(database.db, now, 60_000, 4), claimDueEmails(database.db, now, 60_000, 4)]);
    const ids = [...a, ...b].map((r) => r.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    // Leased: nothing more to claim until the lease runs out.
    expect(await claimDueEmails(database.db, now, 60_000, 10)).toEqual([]);
    expect(await claimDueEmails(database.db, new Date(now.getTime() + 60_000), 60_000, 10)).toHaveLength(6);
  });

  it("two senders on the same database never send the same mail twice", async () => {
    const N = 30;
    for (let i = 0; i < N; i++) await enqueue(`payer${i}@example.com`);
    const second = smtpTransport({ host: smtp.host, port: smtp.port });
    const sentBy = { a: 0, b: 0 };
    const counting = (t: MailTransport, who: "a" | "b"): MailTransport => ({
      send: async (m) => {
        sentBy[who]++;
        return t.send(m);
      },
      close: () => t.close(),
    });
    const other = kind === "postgres" ? await openOther(database) : undefined;
    try {
      const [a, b] = await Promise.all([
        sendDueEmails({ db: database.db, log }, options({ transport: counting(transport, "a"), batch: 3 })),
        sendDueEmails({ db: (other ?? database).db, log }, options({ transport: counting(second, "b"), batch: 3 })),
      ]);
      expect(a.sent + b.sent).toBe(N);
    } finally {
      second.close();
      await other?.close();
    }
    expect(sentBy.a + sentBy.b).toBe(N);
    const mails = await inbox();
    expect(mails).toHaveLength(N);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(N);
    expect(await database.db.select().from(emails).where(eq(emails.status, "sent"))).toHaveLength(N);
  });

  it("wakes on commit: the running worker sends a newly enqueued mail without being asked", async () => {
    const worker = await startMailWorker(database, log, options({ transport: smtpTransport({ host: smtp.host, port: smtp.port }) }));
    try {
      // The worker's first pass ran on an empty outbox; the NOTIFY of this commit wakes it.
      await worker.wake();
      const id = await enqueue("late@example.com", "fr");
      const mail = await until(async () => (await inbox()).find((m) => m.to.includes("late@example.com")), "the mail in the sandbox mailbox", 15_000);
      expect(mail.subject).toContain("vous demande de payer");
      // The SMTP server has the mail before the worker marks the row sent (its next statement).
      await until(async () => ((await row(id)).status === "sent" ? true : undefined), "the outbox row marked sent", 15_000);
    } finally {
      await worker.stop();
    }
  });
});

/** A second connection pool to the same PostgreSQL database, as another process would have. */
async function openOther(database: Database): Promise<Database> {
  const { openDb } = await import("../../db/client");
  return openDb({ databaseUrl: database.connectionString! });
}
