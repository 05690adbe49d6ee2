/**
 * What became of the payer's e-mail when a zRequest was edited or a reminder asked for: the API
 * answers it beside the zRequest, so the edit dialog can say whether the payer was told the new
 * amount, and if not, why (the link charges what the zRequest says whatever the last mail said).
 */

/** Why the payer's e-mail did not go out (or not yet). */
export const COLLECT_MAIL_NOT_SENT_REASONS = [
  /** The payer used this merchant's unsubscribe link: nothing is queued. */
  "recipient_unsubscribed",
  /** The merchant's mail caps (lower until their address is verified): nothing is queued. */
  "mail_cap_recipient",
  "mail_cap_day",
  "mail_cap_hour",
  /** The server has no SMTP server configured (production without SMTP_URL): queued, it goes out once one is. */
  "mail_server_off",
  /** The last hand-over to the SMTP server failed: queued, retried for about an hour. */
  "mail_server_failing",
] as const;
export type CollectMailNotSentReason = (typeof COLLECT_MAIL_NOT_SENT_REASONS)[number];

export type CollectMailOutcome =
  /** Nothing the payer was told changed (name or message only): no mail. */
  | { status: "unchanged"; message: string }
  /** Queued for the mail server, which is delivering. */
  | { status: "sent"; to: string; message: string }
  /** Not delivered now; `queued` when it still goes out later by itself. */
  | { status: "not_sent"; to: string; reason: CollectMailNotSentReason; queued: boolean; retryAfterSeconds?: number; message: string };
