import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { parseEnv, EnvError } from "../../env";
import { createLogger } from "../../logger";
import { openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { waitForMail, mailLink, type MailboxRequest } from "../../../../tests/e2e/mailbox";
import { enqueueEmail } from "./enqueue";
import { startMail } from "./start";
import { mailFrom } from "./transport";

/** A logger whose lines the test reads. */
function recordingLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { log: createLogger("info", stream), lines };
}

const PRODUCTION = {
  ZPAY_MODE: "production",
  DATABASE_URL: "postgres://unused",
  SOLANA_RPC_URL: "https://rpc.example.com",
  EVM_RPC_URLS: "1=https://eth.example.com",
};

describe("mail settings", () => {
  it("reads SMTP_URL and MAIL_FROM, defaulting the sender to the brand", () => {
    expect(mailFrom(parseEnv({}))).toBe("zPay <no-reply@localhost>");
    expect(mailFrom(parseEnv({ BRAND_NAME: "Acme Pay" }))).toBe("Acme Pay <no-reply@localhost>");
    expect(mailFrom(parseEnv({ MAIL_FROM: "Shop <billing@shop.example>" }))).toBe("Shop <billing@shop.example>");
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example:465" }).SMTP_URL).toBe("smtps://u:p@mail.example:465");
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(() => parseEnv({ SMTP_URL: "https://mail.example" })).toThrow(EnvError);
    expect(() => parseEnv({ SMTP_URL: "https://mail.example" })).toThrow(/SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/);
  });
});

describe("mail with the product", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb("pglite");
  });
  afterAll(() => database.close());

  it("in production without SMTP_URL keeps mails pending and warns at start, without failing", async () => {
    const { log, lines } = recordingLog();
    const mail = await startMail(parseEnv(PRODUCTION), database, log);
    expect(mail.sandboxSmtp).toBeUndefined();
    expect(mail.worker).toBeUndefined();
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining("SMTP_URL is not set") }));
    await mail.stop();
  });

  it("in sandbox runs the embedded SMTP server: an enqueued mail reaches the sandbox mailbox API, read by waitForMail", async () => {
    const { log } = recordingLog();
    const env = parseEnv({ LOG_LEVEL: "silent" });
    const mail = await startMail(env, database, log);
    try {
      expect(mail.sandboxSmtp?.host).toBe("127.0.0.1");
      expect(mail.sandboxSmtp?.port).toBeGreaterThan(0);
      await database.db.transaction((tx) =>
        enqueueEmail(tx, {
          userId: null,
          to: "Payer@Example.com",
          template: "collect-request",
          language: "fr",
          data: { merchantName: "Boulangerie", payerName: "Zoé", amount: "3", currency: "EUR", message: "", payUrl: "http://localhost:4322/?p=xyz" },
        }),
      );
      const app = createApp(testDeps(database));
      const request: MailboxRequest = {
        get: async (url) => {
          const res = await app.request(url);
          const body: unknown = await res.json();
          return { ok: () => res.ok, status: () => res.status, json: async () => body };
        },
      };
      const found = await waitForMail(request, { to: "payer@example.com", subjectIncludes: "vous demande de payer", timeoutMs: 15_000 });
      expect(found.subject).toBe("Boulangerie vous demande de payer 3 EUR");
      expect(found.from).toContain("no-reply@localhost");
      expect(found.html).toContain("Payer maintenant");
      expect(mailLink(found, /\?p=/)).toBe("http://localhost:4322/?p=xyz");
      await expect(waitForMail(request, { to: "nobody@example.com", timeoutMs: 300 })).rejects.toThrow(/no mail to nobody@example.com/);
    } finally {
      await mail.stop();
    }
    // Stopped: the embedded server no longer listens.
    const net = await import("node:net");
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(mail.sandboxSmtp!.port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(false)));
      socket.once("error", () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
