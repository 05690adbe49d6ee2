import nodemailer from "nodemailer";
import type { Env } from "../../env";

/** One message as the transport takes it. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Where mails go: nodemailer over SMTP (the configured server, or the sandbox's own). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** How long one SMTP conversation may take before the attempt counts as failed (ms). */
export const SMTP_TIMEOUT_MS = 30_000;

/** The sender address: MAIL_FROM, else "<BRAND_NAME> <no-reply@localhost>". */
export function mailFrom(env: Pick<Env, "MAIL_FROM" | "BRAND_NAME">): string {
  return env.MAIL_FROM ?? `${env.BRAND_NAME.replace(/[<>"\r\n]/g, "")} <no-reply@localhost>`;
}

/**
 * A nodemailer SMTP transport, from an `smtp://user:pass@host:port` / `smtps://…` URL or a host
 * and port (the sandbox's server on loopback: no TLS, no auth). Pooled, so a batch reuses one
 * connection; every step has a timeout, so a hung server is a failed attempt, not a stuck job.
 */
export function smtpTransport(target: { url: string } | { host: string; port: number }): MailTransport {
  const timeouts = { connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS };
  const transporter =
    "url" in target
      ? nodemailer.createTransport({ url: target.url, pool: true, maxConnections: 2, ...timeouts })
      : nodemailer.createTransport({ host: target.host, port: target.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 2, ...timeouts });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: String(info.messageId ?? "") };
    },
    close: () => transporter.close(),
  };
}
