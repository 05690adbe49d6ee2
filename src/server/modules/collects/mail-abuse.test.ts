import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { shortenAddress } from "@/lib/address";
import { createPaymentsApp } from "../../app";
import { emails, notificationSettings, sandboxMails, users } from "../../db/schema";
import { createLogger } from "../../logger";
import { startSandboxSmtp, type SandboxSmtp } from "../../jobs/mail/sandbox-smtp";
import { sendDueEmails } from "../../jobs/mail/sender";
import { smtpTransport, type MailTransport } from "../../jobs/mail/transport";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { signInMerchant } from "../../testing/merchants";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const log = createLogger("silent");
const request = (email: string) => ({ name: "Victim", email, desc: "Pay me now at my site", price: "12.5", currency: "USD" });

/** Each header as sent (mailparser turns List-* headers into objects), unfolded. */
const rawHeaders = (lines: readonly { key: string; line: string }[]) =>
  new Map(lines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, "").trim()]));

/** An SMTP server that keeps every message with its headers (the sandbox mailbox keeps no headers). */
async function captureSmtp() {
  const received: { from: string; subject: string; text: string; html: string; headers: Map<string, string> }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ from: parsed.from?.text ?? "", subject: parsed.subject ?? "", text: parsed.text ?? "", html: String(parsed.html || ""), headers: rawHeaders(parsed.headerLines) });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)));
  return { received, transport: smtpTransport({ host: "127.0.0.1", port }), stop: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(TEST_BACKENDS)("zRequest mail is not an open relay (%s)", (kind) => {
  const suite = appSuite(kind);
  const { call } = suite;
  let smtp: SandboxSmtp;
  let transport: MailTransport;
  const from = "zPay <no-reply@localhost>";

  beforeAll(async () => {
    smtp = await startSandboxSmtp(suite.db, log);
    transport = smtpTransport({ host: smtp.host, port: smtp.port });
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await suite.db.delete(emails);
    await suite.db.delete(sandboxMails);
  });

  const send = (t: MailTransport = transport) => sendDueEmails({ db: suite.db, log }, { transport: t, from, brand: "zPay" });
  const inboxTo = async (to: string) => (await suite.db.select().from(sandboxMails)).filter((m) => m.to.includes(to));
  const verify = async (m: Merchant, email: string) => {
    await suite.db.update(users).set({ email }).where(eq(users.id, m.id));
    await suite.db.insert(notificationSettings).values({ userId: m.id, verifiedEmail: email, verifiedAt: new Date() });
  };

  it("a new account cannot send 40 mails to one address", async () => {
    const attacker = await signInMerchant(suite.app);
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await call("POST", "/collects/create", attacker, request("victim@example.com")));
    const statuses = answers.map((r) => r.status);
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.slice(3)).toEqual(Array(37).fill(429));
    const refused = answers[3];
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    const body = await refused.json();
    expect(body).toMatchObject({ code: "mail_cap_recipient" });
    expect(body.message).toBe("This address already got 3 e-mails from you today, the most allowed. Nothing was sent. Try again in 24 h.");
    // The address in another case is the same address.
    const shouted = await call("POST", "/collects/create", attacker, request("VICTIM@Example.com"));
    expect(shouted.status).toBe(429);
    // Nothing was created for a refused request: three zRequests, three mails.
    expect((await (await call("GET", "/collects", attacker)).json()).data).toHaveLength(3);
    await send();
    expect(await inboxTo("victim@example.com")).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(60_000);

    // Other merchants are not held by this one's cap.
    const other = await signInMerchant(suite.app);
    expect((await call("POST", "/collects/create", other, request("victim@example.com"))).status).toBe(201);
  });

  it("an unverified account is capped per hour across addresses; a verified one gets the higher caps, reminders count too", async () => {
    const spammer = await signInMerchant(suite.app);
    for (let i = 0; i < 10; i++) expect((await call("POST", "/collects/create", spammer, request(`p${i}@example.com`))).status).toBe(201);
    const eleventh = await call("POST", "/collects/create", spammer, request("p10@example.com"));
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await eleventh.json()).toMatchObject({
      code: "mail_cap_hour",
      message: "You have sent 10 e-mails this hour, the most allowed. Nothing was sent. Try again in 1 h. Verify your e-mail address in Settings › Notifications to send more.",
    });

    const shop = await signInMerchant(suite.app);
    await verify(shop, "shop@merchant.example");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call("POST", "/collects/create", shop, request(`c${i}@example.com`));
      expect(res.status).toBe(201);
      ids.push((await res.json()).data.info._id);
    }
    // A reminder is a mail to the same address: the verified per-address cap (5) holds it too.
    const remind = () => call("POST", "/trigger-email", shop, { _item_id: ids[0] });
    for (let i = 0; i < 4; i++) {
      await suite.db.execute(sql`update collects set last_emailed_at = now() - interval '2 minutes' where id = ${ids[0]}`);
      expect((await remind()).status).toBe(200);
    }
    await suite.db.execute(sql`update collects set last_emailed_at = now() - interval '2 minutes' where id = ${ids[0]}`);
    const sixth = await remind();
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await sixth.json()).code).toBe("mail_cap_recipient");
  });

  it("a recipient who unsubscribed gets no more mail", async () => {
    const capture = await captureSmtp();
    const payments = createPaymentsApp(suite.deps);
    try {
      const shop = await signInMerchant(suite.app);
      const created = (await (await call("POST", "/collects/create", shop, request("ada@example.com"))).json()).data.info;
      expect(created.payerUnsubscribed).toBe(false);
      await send(capture.transport);
      const [mail] = capture.received;
      // RFC 2369 / RFC 8058 headers, and the same link in the body.
      const header = String(mail.headers.get("list-unsubscribe"));
      const link = /<(http:\/\/localhost:4322\/unsubscribe\?t=[^>]+)>/.exec(header)?.[1];
      expect(link).toBeDefined();
      expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain(`No more e-mails from them: ${link}`);
      expect(mail.html).toContain(">Unsubscribe</a>");
      const path = new URL(link!).pathname + new URL(link!).search;

      // GET shows a confirm page and changes nothing (mail scanners open links).
      const page = await payments.request(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<form method="post"');
      expect((await (await call("GET", "/collects", shop)).json()).data[0].payerUnsubscribed).toBe(false);
      // Queued now, still in the outbox when the payer unsubscribes.
      expect((await call("POST", "/collects/create", shop, request("ada@example.com"))).status).toBe(201);
      // A link with its signature changed is refused. Not its last character: in base64url that one
      // carries unused bits, so A ↔ B there may decode to the same signature (the test was flaky).
      const at = path.length - 5;
      const forged = await payments.request(path.slice(0, at) + (path[at] === "A" ? "B" : "A") + path.slice(at + 1), { method: "POST" });
      expect(forged.status).toBe(400);
      // The mail client's one-click POST: no sign-in, the token is the proof.
      const oneClick = await payments.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toContain("can no longer e-mail you");
      await send(capture.transport);
      expect(capture.received).toHaveLength(1); // the mail queued before the unsubscribe was not sent

      await suite.db.execute(sql`update collects set last_emailed_at = now() - interval '2 minutes' where id = ${created._id}`);
      const reminder = await call("POST", "/trigger-email", shop, { _item_id: created._id });
      expect(reminder.status).toBe(409);
      expect(await reminder.json()).toMatchObject({ code: "recipient_unsubscribed" });
      const again = await call("POST", "/collects/create", shop, request("Ada@Example.com"));
      expect(again.status).toBe(201);
      expect((await again.json()).data.info).toMatchObject({ payerUnsubscribed: true, lastEmailedAt: null });
      const listed = (await (await call("GET", "/collects", shop)).json()).data;
      expect(listed.every((c: { payerUnsubscribed: boolean }) => c.payerUnsubscribed)).toBe(true);
      // Another merchant may still write: unsubscribing was from this merchant.
      const other = await signInMerchant(suite.app);
      await call("POST", "/collects/create", other, request("ada@example.com"));
      await send(capture.transport);
      expect(capture.received.map((m) => m.subject)).toEqual([mail.subject, expect.stringContaining("asks you to pay")]);
      expect(capture.received).toHaveLength(2);

      // The page's second button: from every merchant.
      const otherLink = /<([^>]+)>/.exec(String(capture.received[1].headers.get("list-unsubscribe")))![1];
      const all = await payments.request(new URL(otherLink).pathname + new URL(otherLink).search, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click&scope=all",
      });
      expect(await all.text()).toContain("no merchant on zPay can e-mail you");
      const third = await signInMerchant(suite.app);
      expect((await (await call("POST", "/collects/create", third, request("ada@example.com"))).json()).data.info.payerUnsubscribed).toBe(true);
      await send(capture.transport);
      expect(capture.received).toHaveLength(2);
    } finally {
      capture.transport.close();
      await capture.stop();
    }
  });

  it("the sender's display name cannot be chosen by the merchant", async () => {
    const phisher = await signInMerchant(suite.app);
    await suite.db
      .update(users)
      .set({ email: "security@paypal.com", profile: sql`${JSON.stringify({ company: "PayPal Security" })}::jsonb` })
      .where(eq(users.id, phisher.id));
    expect((await call("POST", "/collects/create", phisher, request("carol@example.com"))).status).toBe(201);
    await send();
    const [mail] = await inboxTo("carol@example.com");
    const wallet = shortenAddress(phisher.key.address);
    // From is the instance's own; the merchant's chosen name always comes with their wallet.
    expect(mail.from).toBe('"zPay" <no-reply@localhost>');
    expect(mail.subject).toBe(`PayPal Security (wallet ${wallet}) asks you to pay 12.5 USD`);
    expect(mail.text).toContain("zPay delivers this request for a merchant who uses it; zPay does not vouch for who they are.");
    // An address the merchant never proved is not shown as who they are.
    const unnamed = await signInMerchant(suite.app);
    await suite.db.update(users).set({ email: "security@paypal.com" }).where(eq(users.id, unnamed.id));
    await call("POST", "/collects/create", unnamed, request("bob@example.com"));
    await send();
    const [toBob] = await inboxTo("bob@example.com");
    expect(toBob.subject).toBe(`Wallet ${shortenAddress(unnamed.key.address)} asks you to pay 12.5 USD`);
    expect(`${toBob.text}${toBob.html}`).not.toContain("paypal.com");
  });
});
