import type { SandboxMail, SandboxMailPage } from "../../src/lib/sandbox-mail";

/** What `waitForMail` needs of Playwright's `request` fixture (or `page.request`): a GET answering JSON. */
export interface MailboxRequest {
  get(url: string): Promise<{ ok(): boolean; status(): number; json(): Promise<unknown> }>;
}

export interface MailQuery {
  /** The recipient (any case). */
  to: string;
  /** A part of the subject the mail must have. */
  subjectIncludes?: string;
  /** How long to wait (ms); default 30 s. */
  timeoutMs?: number;
  /** Mails received before this are ignored (e.g. a first mail to the same address). */
  after?: Date;
}

/**
 * Waits for the sandbox to have sent a mail to `to` (its subject containing `subjectIncludes`) and
 * answers it, newest first: `GET /api/sandbox/mails?to=…` on the app origin, polled. Usage:
 *
 *   const mail = await waitForMail(request, { to: "payer@example.com", subjectIncludes: "asks you to pay" });
 *   const payUrl = mailLink(mail);
 *   await page.goto(payUrl);
 */
export async function waitForMail(request: MailboxRequest, query: MailQuery): Promise<SandboxMail> {
  const deadline = Date.now() + (query.timeoutMs ?? 30_000);
  for (;;) {
    const res = await request.get(`/api/sandbox/mails?to=${encodeURIComponent(query.to)}&pageSize=50`);
    if (!res.ok()) throw new Error(`GET /api/sandbox/mails answered ${res.status()}`);
    const page = (await res.json()) as SandboxMailPage;
    const found = page.data.find(
      (m) => (!query.subjectIncludes || m.subject.includes(query.subjectIncludes)) && (!query.after || new Date(m.receivedAt) >= query.after),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${query.to}${query.subjectIncludes ? ` with "${query.subjectIncludes}" in its subject` : ""} (${page.total} to that address)`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first http(s) link of a mail's text part matching `pattern` (by default any): e.g. its pay link. */
export function mailLink(mail: SandboxMail, pattern: RegExp = /https?:\/\/\S+/): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url));
  if (!link) throw new Error(`no link matching ${pattern} in the mail "${mail.subject}"`);
  return link;
}
