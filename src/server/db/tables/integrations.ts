import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { WebhookAttemptState } from "@/lib/webhook-settings";
import { users } from "./merchants";
import { productKeys, productPrice } from "./product-columns";
import { transactions } from "./payments";

/* Integrations: webhook settings, the zAPI (its secret, payments and idempotency keys), and the webhook outbox with its delivery log. */

/**
 * A merchant's integration settings (SPEC §3 Account/integration): the Standard Webhooks signing
 * secret (`whsec_` + base64), the webhook endpoint (`apiHook`), the redirect after payment
 * (`callback`) and the e-commerce platform's store and secret. Created on first read.
 */
export const merchantIntegrations = pgTable("merchant_integrations", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /**
   * The Standard Webhooks signing secret (`whsec_…`): it signs webhooks only. Every receiver holds
   * it, so it never authenticates API calls (the API secret, `apiSecrets`, does).
   */
  secret: text("secret").notNull(),
  apiHook: text("api_hook"),
  callback: text("callback"),
  shopifyStore: text("shopify_store"),
  shopifySecret: text("shopify_secret"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type IntegrationRow = typeof merchantIntegrations.$inferSelect;

/**
 * The merchant's zAPI secret (`zpk_…`), apart from the webhook signing secret: only its SHA-256 is
 * kept (the secret is shown once, when made), with its last characters to tell it apart. After a
 * regenerate the one before is kept only when the merchant asked for a grace period, until
 * `previousExpiresAt`; revoking it clears it at once. `legacy` marks a secret carried over by
 * migration 0028 from the webhook signing secret of a merchant whose server already used the API:
 * it keeps that integration running, with a deprecation header, until the merchant regenerates.
 */
export const apiSecrets = pgTable("api_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Hex SHA-256 of the secret. */
  secretHash: text("secret_hash").notNull(),
  /** The secret's last 4 characters, for "zpk_…abcd". */
  hint: text("hint").notNull(),
  legacy: boolean("legacy").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  previousHash: text("previous_hash"),
  previousHint: text("previous_hint"),
  previousExpiresAt: timestamp("previous_expires_at", { withTimezone: true }),
});

export type ApiSecretRow = typeof apiSecrets.$inferSelect;

/**
 * A payment a merchant's server created through the zAPI (product type `dynamic`, shown as zApi):
 * a fixed price, paid once, with the merchant's order id, metadata and callback URL.
 */
export const apiPayments = pgTable(
  "api_payments",
  {
    ...productKeys(),
    ...productPrice(),
    orderId: text("order_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    callbackUrl: text("callback_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_payments_user_created_idx").on(t.userId, t.createdAt, t.id), index("api_payments_user_order_idx").on(t.userId, t.orderId)],
);

export type ApiPaymentRow = typeof apiPayments.$inferSelect;

/**
 * `Idempotency-Key` of a zAPI create: the same key with the same body answers the payment it made
 * (never a second one); with another body it is refused. Kept per merchant.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text("request_hash").notNull(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => apiPayments.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_idempotency_keys_user_key_idx").on(t.userId, t.key)],
);

/**
 * Webhook outbox: one row per event (`payment.paid`, `payment.validated`, `payment.failed`),
 * written in the same database transaction as the state change that caused it. `payload` is the
 * exact JSON sent. A delivery job claims a due row (`status` pending, `nextAttemptAt` reached,
 * lease free), records the attempt in `webhook_attempts` (committed before the request leaves), posts
 * it, and fills the attempt in with the answer.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** pending (an attempt is due at `nextAttemptAt`), delivered, failed (gave up), no_endpoint. */
    status: text("status").$type<"pending" | "delivered" | "failed" | "no_endpoint">().notNull().default("pending"),
    /** Attempts made in all. */
    attempts: integer("attempts").notNull().default(0),
    /** Attempts in the current retry cycle (a redelivery starts a new one). */
    cycleAttempts: integer("cycle_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_events_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_events_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** The delivery log: every attempt to post a webhook event, recorded before it is sent, with what came back. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    url: text("url").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    /** The first characters of the response body. */
    responseBody: text("response_body"),
    /**
     * `sending`: written and committed before the request leaves, so a crash mid-send still shows
     * the attempt; `done`: the answer (or why none came) is in; `interrupted`: the process stopped
     * while sending (found by the next claim, or cut by shutdown) — the receiver may have it.
     */
    state: text("state").$type<WebhookAttemptState>().notNull().default("done"),
    /** Null while sending and when the process stopped before an answer. */
    durationMs: integer("duration_ms"),
    /** When the next try is due; null when delivered or given up. */
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    /** Started by the merchant's redelivery rather than the schedule. */
    manual: boolean("manual").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_attempts_event_idx").on(t.eventId, t.attempt)],
);

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
