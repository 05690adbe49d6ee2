import type { Database } from "../../db/client";
import type { Env } from "../../env";
import type { Logger } from "../../logger";
import type { Queue } from "../queue";
import { startSandboxSmtp, type SandboxSmtp } from "./sandbox-smtp";
import { startMailWorker, type MailWorker } from "./sender";
import { mailFrom, smtpTransport } from "./transport";

export interface RunningMail {
  /** The sandbox's embedded SMTP server, when it runs (sandbox mode without SMTP_URL). */
  sandboxSmtp?: SandboxSmtp;
  worker?: MailWorker;
  /** Stops the sender (waiting for the mail in flight), then the embedded SMTP server. */
  stop(): Promise<void>;
}

/**
 * Starts e-mail with the product. With `SMTP_URL`, mails go to that server. In sandbox without it,
 * an embedded SMTP server on 127.0.0.1 receives them into the sandbox mailbox (`/sandbox/mail`).
 * In production without it, nothing is sent: mails wait in the outbox (pending) and a warning
 * says so at boot; they go out once SMTP_URL is set and the server restarted.
 */
export async function startMail(env: Env, database: Database, log: Logger, queue?: Queue): Promise<RunningMail> {
  let sandboxSmtp: SandboxSmtp | undefined;
  let transport;
  if (env.SMTP_URL) {
    transport = smtpTransport({ url: env.SMTP_URL });
  } else if (env.ZPAY_MODE === "sandbox") {
    sandboxSmtp = await startSandboxSmtp(database.db, log, { port: env.SANDBOX_SMTP_PORT });
    transport = smtpTransport({ host: sandboxSmtp.host, port: sandboxSmtp.port });
    log.info({ smtpPort: sandboxSmtp.port }, "sandbox e-mail: every mail goes to the sandbox mailbox (/sandbox/mail)");
  } else {
    log.warn("SMTP_URL is not set: e-mails are kept in the outbox (pending) and not sent until it is");
    return { stop: async () => {} };
  }
  let worker: MailWorker;
  try {
    worker = await startMailWorker(database, log, { transport, from: mailFrom(env), brand: env.BRAND_NAME, queue });
  } catch (err) {
    transport.close();
    await sandboxSmtp?.stop();
    throw err;
  }
  let stopping: Promise<void> | undefined;
  return {
    sandboxSmtp,
    worker,
    stop: () =>
      (stopping ??= (async () => {
        await worker.stop();
        await sandboxSmtp?.stop();
      })()),
  };
}
