import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./merchants";

/* E-mail: the outbox, the sandbox mailbox, payers' opt-outs and address verifications. */

/**
 * E-mail outbox: one row per message, written in the same database transaction as what caused it
 * (never sent inside a request). The mail job claims a due row (lease), renders `template` with
 * `data` in `language`, sends it over SMTP and records the outcome; a failure is retried with backoff.
 */
export const emails = pgTable(
  "emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    template: text("template").notNull(),
    language: text("language").notNull().default("en"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** When the sender last tried to hand this mail to the SMTP server (whether the mail server is failing is read from the latest one). */
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    messageId: text("message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("emails_due_idx").on(t.status, t.nextAttemptAt),
    index("emails_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export type EmailRow = typeof emails.$inferSelect;

/** What the sandbox's embedded SMTP server received (sandbox only): the mailbox page lists these. */
export const sandboxMails = pgTable(
  "sandbox_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    from: text("from").notNull(),
    to: text("to").array().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull().default(""),
    html: text("html"),
    messageId: text("message_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_mails_received_idx").on(t.receivedAt)],
);


/**
 * Payers who asked for no more merchant mail (the unsubscribe link every zRequest mail carries).
 * `merchantId` set: no more mail from that merchant; null: from every merchant of this instance.
 * `email` is stored lower-case; the caps and the senders compare lower-case.
 */
export const mailOptOuts = pgTable(
  "mail_opt_outs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    merchantId: uuid("merchant_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mail_opt_outs_email_merchant_uq").on(t.email, t.merchantId)],
);

/**
 * E-mail verification links: only the SHA-256 of the token is stored; a link works once, before
 * `expiresAt`, for the merchant who asked, and only for the address it was sent to.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId, t.createdAt)],
);
