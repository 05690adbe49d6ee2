import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { PaymentStatus } from "../../lib/payment-status";

/** Fiat currencies a merchant may bill in (GET /api/supported-currencies); seeded by migration. */
export const fiatCurrencies = pgTable("fiat_currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Per-merchant switches (SPEC §3 User.settings). */
export interface UserSettings {
  isOnboarded: boolean;
  permissions: string[];
  rampOnly: boolean;
  isNonCustodial: boolean;
  version: number;
  restrictUserToChains: number[];
}

/** A merchant, identified by the Solana public key that signs in. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicKey: text("public_key").notNull().unique(),
    email: text("email"),
    referralCode: text("referral_code").notNull().unique(),
    referredBy: uuid("referred_by"),
    acceptedTermsAt: timestamp("accepted_terms_at", { withTimezone: true }),
    settings: jsonb("settings").$type<UserSettings>().notNull(),
    billingCurrency: text("billing_currency").notNull().default("USD"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("users_referred_by_idx").on(t.referredBy)],
);
export type UserRow = typeof users.$inferSelect;

/** Opaque bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    validTill: timestamp("valid_till", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Sessions are only opened by a sign-in: this is when it happened (fresh sign-in checks). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Sign-in nonces the server issued and nobody has used yet (POST /api/auth/nonce). A sign-in
 * deletes its row, so a captured signature cannot be replayed; a nonce is good for one wallet
 * and a few minutes. Expired rows are pruned as new ones are issued and by maintenance.
 */
export const signinNonces = pgTable(
  "signin_nonces",
  {
    nonce: text("nonce").primaryKey(),
    publicKey: text("public_key").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("signin_nonces_expires_idx").on(t.expiresAt)],
);

/** A merchant's request for production access (top bar, non-production builds); one per merchant. */
export const productionRequests = pgTable("production_requests", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A merchant's receiving wallet on one chain (SPEC §3 Wallet): where that chain's payments are
 * sent. One per merchant and chain; `type` is how it was attached (manual entry for now).
 */
export const merchantWallets = pgTable(
  "merchant_wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    type: text("type").notNull().default("manual"),
    valid: boolean("valid").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("merchant_wallets_user_chain_uq").on(t.userId, t.chainId),
    index("merchant_wallets_chain_address_idx").on(t.chainId, t.address),
  ],
);
export type WalletRow = typeof merchantWallets.$inferSelect;

/**
 * A zLink (SPEC §3 quick pay): a reusable payment link with a fixed price. `id` is internal;
 * `hashedId` is the short unguessable id in public links (`?p=`). The price is kept as decimal
 * text in `currency` (a fiat code, or a token symbol) and, for a token, also in its base units.
 * Disabling is permanent (`enabled` false, `disabledAt` set).
 */
export const quickPays = pgTable(
  "quick_pays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hashedId: text("hashed_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    site: text("site"),
    price: text("price").notNull(),
    currency: text("currency").notNull(),
    useFiat: boolean("use_fiat").notNull(),
    priceBaseUnits: bigint("price_base_units", { mode: "bigint" }),
    userCurrency: text("user_currency").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Bumped on every change; clients echo it back as `_key` so a stale edit is refused. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [index("quick_pays_user_created_idx").on(t.userId, t.createdAt)],
);
export type QuickPayRow = typeof quickPays.$inferSelect;

/** What a product asked for when its payment started (SPEC §3 productInfo), frozen on the transaction. */
export interface ProductInfoSnapshot {
  /** Decimal text in `currency`. */
  price: string;
  currency: string;
  userCurrency: string;
  useFiat: boolean;
  fiat: string | null;
  /** The token the merchant settles in. */
  cToken: string;
}

/**
 * One attempt to pay a product (SPEC §3 Transaction): created `initiated` when a payer starts,
 * moved only by `payments/transition.ts` (paid, validated, failed). `id` is internal; `publicId`
 * is the short unguessable id the payer's page polls. Amounts are base units of `token`
 * (numeric(78,0), bigint in TS). `signature`/`instructionIndex` name the on-chain transfer
 * credited to it (see `payment_credits`).
 */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull().unique(),
    /** SPEC type names: quick-pay, collect, bill, dynamic. */
    productType: text("product_type").notNull(),
    productId: uuid("product_id"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    token: text("token").notNull(),
    /** Mint (Solana) or contract (EVM). */
    tokenAddress: text("token_address").notNull(),
    decimals: integer("decimals").notNull(),
    /** The merchant's receiving wallet (owner address). */
    recipient: text("recipient").notNull(),
    /** Where the tokens must land: the owner's token account on Solana, the owner itself on EVM. */
    recipientTokenAccount: text("recipient_token_account").notNull(),
    requestedAmount: numeric("requested_amount", { precision: 78, scale: 0, mode: "bigint" }).notNull(),
    /** Solana reference public key, or EVM order reference; finds the payment on chain. */
    reference: text("reference").notNull().unique(),
    /** Memo the transfer must carry (Solana), when one is expected. */
    memo: text("memo"),
    status: text("status").$type<PaymentStatus>().notNull().default("initiated"),
    /** The paying wallet as seen on chain. */
    payer: text("payer"),
    /** The wallet the payer said they would pay from when starting (sanction-checked). */
    startedBy: text("started_by"),
    signature: text("signature"),
    instructionIndex: integer("instruction_index"),
    receivedAmount: numeric("received_amount", { precision: 78, scale: 0, mode: "bigint" }),
    amountMismatch: text("amount_mismatch").$type<"under" | "over">(),
    /** A payment that arrived after the transaction had expired (recorded, never lost). */
    late: boolean("late").notNull().default(false),
    failureReason: text("failure_reason"),
    lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    validatedAt: timestamp("validated_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    productInfo: jsonb("product_info").$type<ProductInfoSnapshot>(),
    /** USD per unit of the product's fiat currency, fixed when the payment started (decimal text). */
    fiatRate: text("fiat_rate"),
    /** The pay page's session id (session storage), to resume after a reload. */
    sessionId: text("session_id"),
    /** The client address the start request came from (the rate-limit key): caps pending payments per client. */
    clientAddress: text("client_address"),
    ramp: boolean("ramp").notNull().default(false),
    swap: jsonb("swap").$type<{ type: "swap" | "bridge"; token: string; bridgeChainSymbol?: string | null }>(),
    merchantExtras: jsonb("merchant_extras").$type<{ orderId?: string | null }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("transactions_user_created_idx").on(t.userId, t.createdAt),
    index("transactions_product_idx").on(t.productType, t.productId),
    index("transactions_chain_status_idx").on(t.chainId, t.status),
    index("transactions_session_idx").on(t.sessionId),
    // Pay-start caps count what is still waiting to be paid, per link and per client.
    index("transactions_initiated_product_idx").on(t.productId).where(sql`${t.status} = 'initiated'`),
    index("transactions_initiated_client_idx").on(t.clientAddress).where(sql`${t.status} = 'initiated'`),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * Exactly-once crediting: an on-chain transfer (chain, signature, instruction) is credited to at
 * most one transaction, ever. The unique key is the guard; a second insert is a no-op.
 */
export const paymentCredits = pgTable(
  "payment_credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    signature: text("signature").notNull(),
    instructionIndex: integer("instruction_index").notNull(),
    /** Index inside the outer instruction for an inner (CPI) transfer, -1 for a top-level one. */
    innerIndex: integer("inner_index").notNull().default(-1),
    amount: numeric("amount", { precision: 78, scale: 0, mode: "bigint" }).notNull(),
    /** The wallet that signed the transfer (its authority). */
    payer: text("payer"),
    /** The owner of the token account the money left, when the chain says (a delegate may sign). */
    sourceOwner: text("source_owner"),
    /** Seen at finalized commitment (a confirmed transfer may still be dropped by a fork). */
    finalized: boolean("finalized").notNull().default(false),
    /** Sent by a sanctioned wallet: recorded, never counted toward the payment. */
    held: boolean("held").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_credits_transfer_uq").on(t.chainId, t.signature, t.instructionIndex, t.innerIndex),
    index("payment_credits_transaction_idx").on(t.transactionId),
  ],
);
export type CreditRow = typeof paymentCredits.$inferSelect;

/**
 * Facts about a transaction that were not credited (wrong mint, wrong recipient, a second
 * transfer…): kept so no payment seen on chain is silently dropped. One row per transfer and
 * commitment.
 */
export const paymentFactLog = pgTable(
  "payment_fact_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    signature: text("signature").notNull().default(""),
    instructionIndex: integer("instruction_index").notNull().default(-1),
    commitment: text("commitment").notNull().default(""),
    reason: text("reason").notNull(),
    /** The fact as reported, amounts as text. */
    fact: jsonb("fact").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_fact_log_uq").on(t.transactionId, t.kind, t.signature, t.instructionIndex, t.commitment)],
);

/**
 * Money that reached a merchant's receiving token account without paying any transaction: no
 * reference, an unknown one, a transfer inside another program's instruction the watcher did not
 * credit, or one that came long after expiry. Found by the periodic scan of each receiving
 * account; nothing that reaches a merchant goes unrecorded (the raw material of the Unmapped
 * screen). One row per on-chain transfer.
 */
export const unmappedTransfers = pgTable(
  "unmapped_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    /** Mint (Solana) or token contract (EVM). */
    tokenAddress: text("token_address").notNull(),
    recipientTokenAccount: text("recipient_token_account").notNull(),
    signature: text("signature").notNull(),
    instructionIndex: integer("instruction_index").notNull(),
    /** Index inside the outer instruction for an inner (CPI) transfer, -1 for a top-level one. */
    innerIndex: integer("inner_index").notNull().default(-1),
    source: text("source").notNull(),
    payer: text("payer").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0, mode: "bigint" }).notNull(),
    memos: jsonb("memos").$type<string[]>().notNull().default([]),
    slot: bigint("slot", { mode: "number" }),
    blockTime: timestamp("block_time", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("unmapped_transfers_transfer_uq").on(t.chainId, t.signature, t.instructionIndex, t.innerIndex),
    index("unmapped_transfers_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** How far the unmapped scan has read each receiving token account (newest signature seen). */
export const receivingAccountScans = pgTable(
  "receiving_account_scans",
  {
    chainId: integer("chain_id").notNull(),
    account: text("account").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSignature: text("last_signature"),
    scannedAt: timestamp("scanned_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("receiving_account_scans_pk").on(t.chainId, t.account)],
);

/**
 * How far an EVM chain's watcher has read the fee proxy's payment logs: every block up to
 * `blockNumber` is done, and `blockHash` is that block's hash as it was read. A restart resumes
 * after it (nothing paid while the process was down is lost); a different hash there later means
 * a reorganization, and the watcher reads the recent blocks again.
 */
export const evmLogCursors = pgTable(
  "evm_log_cursors",
  {
    chainId: integer("chain_id").notNull(),
    /** The fee proxy whose logs are read (a chain's proxy may change with the package). */
    proxy: text("proxy").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    blockHash: text("block_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("evm_log_cursors_chain_proxy_uq").on(t.chainId, t.proxy)],
);

/**
 * A merchant's integration settings (SPEC §3 Account/integration): the Standard Webhooks signing
 * secret (`whsec_` + base64), the webhook endpoint (`apiHook`), the redirect after payment
 * (`callback`) and the e-commerce platform's store and secret. Created on first read.
 */
export const merchantIntegrations = pgTable("merchant_integrations", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
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
 * Webhook outbox: one row per event (`payment.paid`, `payment.validated`, `payment.failed`),
 * written in the same database transaction as the state change that caused it. `payload` is the
 * exact JSON sent. A delivery job claims a due row (`status` pending, `nextAttemptAt` reached,
 * lease free), posts it, and records the attempt in `webhook_attempts`.
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

/** The delivery log: every attempt to post a webhook event, with what came back. */
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
    durationMs: integer("duration_ms").notNull(),
    /** When the next try is due; null when delivered or given up. */
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    /** Started by the merchant's redelivery rather than the schedule. */
    manual: boolean("manual").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_attempts_event_idx").on(t.eventId, t.attempt)],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * Rate-limit counters shared by every process on PostgreSQL (rate-limiter-flexible's
 * RateLimiterPostgres layout: `{limiter}:{client}` → points used until `expire`, epoch ms).
 * Unused on embedded PGlite, where one process keeps its counters in memory.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
