import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import type { Db } from "../../db/client";
import { sandboxMails } from "../../db/schema";
import type { Logger } from "../../logger";

/** Biggest message the sandbox mailbox accepts (bytes). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface SandboxSmtp {
  host: string;
  port: number;
  /** Stops listening and waits for the connections in progress to end. */
  stop(): Promise<void>;
}

/**
 * Sandbox only: an SMTP server on 127.0.0.1 (a free port chosen at start, no authentication, no
 * TLS) that accepts every message, parses it (`mailparser`) and stores it in `sandbox_mails`, where
 * the sandbox mailbox page shows it. So a newcomer sees every e-mail the product sends without
 * configuring anything, and nothing leaves the machine.
 */
export async function startSandboxSmtp(db: Db, log: Logger, options: { port?: number } = {}): Promise<SandboxSmtp> {
  const host = "127.0.0.1";
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    banner: "zpay sandbox mailbox",
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (stream.sizeExceeded) throw Object.assign(new Error("Message too big"), { responseCode: 552 });
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          await db.insert(sandboxMails).values({
            from: parsed.from?.text ?? envelopeFrom,
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : null,
            messageId: parsed.messageId ?? null,
          });
          callback();
        })
        .catch((err: unknown) => {
          log.warn({ err }, "sandbox mailbox could not store a message");
          callback(err instanceof Error ? err : new Error("could not store the message"));
        });
    },
  });
  server.on("error", (err) => log.warn({ err }, "sandbox SMTP server error"));
  const port = await new Promise<number>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once("error", onError);
    server.listen(options.port ?? 0, host, () => {
      server.server.off("error", onError);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
  let stopping: Promise<void> | undefined;
  return {
    host,
    port,
    stop: () => (stopping ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}
