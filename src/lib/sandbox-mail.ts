/** One e-mail the sandbox's embedded SMTP server received (`GET /api/sandbox/mails`, sandbox only). */
export interface SandboxMail {
  id: string;
  /** The From header as written ("zPay <no-reply@localhost>"). */
  from: string;
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  /** The plain-text part ("" if the mail had none). */
  text: string;
  /** The HTML part, if any: untrusted markup, to show only in a sandboxed frame. */
  html: string | null;
  /** ISO time. */
  receivedAt: string;
}

/** A page of the sandbox mailbox, newest first. */
export interface SandboxMailPage {
  data: SandboxMail[];
  page: number;
  pageSize: number;
  total: number;
}

export const SANDBOX_MAIL_PAGE_SIZE = 20;
export const SANDBOX_MAIL_MAX_PAGE_SIZE = 100;
