import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { PaymentStatus } from "@/lib/payment-status";
import type { OrderDetails } from "@/lib/pay-api";
import type { ProductInfoDto } from "@/lib/transaction-details";
import { users } from "./merchants";

/* Payments: transactions, the credits and facts that move them, unmapped transfers, refunds, the scans' cursors, and the public ids of payable products. */

/** What a product asked for when its payment started (SPEC §3 productInfo), frozen on the transaction: the API's shape as is. */
export type ProductInfoSnapshot = ProductInfoDto;

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
    /** SPEC type names: quick-pay, collect, bill, invoice, product (zCart), donate, dynamic (src/lib/product-types.ts). */
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
    /** Set when the confirmed refunds reach the received amount (the payment is then shown refunded). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Base units sent back to the payer by confirmed refunds (partial or full). */
    refundedAmount: numeric("refunded_amount", { precision: 78, scale: 0, mode: "bigint" }).notNull().default(sql`0`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    productInfo: jsonb("product_info").$type<ProductInfoSnapshot>(),
    /** USD per unit of the product's fiat currency, fixed when the payment started (decimal text). */
    fiatRate: text("fiat_rate"),
    /** The pay page's session id (session storage), to resume after a reload. */
    sessionId: text("session_id"),
    /** The client address the start request came from (the rate-limit key): caps pending payments per client. */
    clientAddress: text("client_address"),
    /** The client's address block (IPv4 /24, IPv6 /64; http/client-address.ts): pay-start caps count and make room per block. */
    clientPrefix: text("client_prefix"),
    ramp: boolean("ramp").notNull().default(false),
    /**
     * How the payer is paying when not directly (SPEC §3 `swap`): the token given and, for a swap, the
     * wallet that asked for it (whose money it is, though the settlement token reaches the merchant
     * from a market maker's or an aggregator's account). `payer` is never shown; decide() reads it.
     */
    swap: jsonb("swap").$type<{ type: "swap" | "bridge"; token: string; bridgeChainSymbol?: string | null; payer?: string }>(),
    merchantExtras: jsonb("merchant_extras").$type<{ orderId?: string | null }>(),
    /** What was ordered, frozen at start: zCart lines (each with its price and amount) or a donor's name and message. */
    orderDetails: jsonb("order_details").$type<OrderDetails>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Orders list and CSV (modules/transactions/query.ts): one total order, (created_at, id), walked by keyset from either end.
    index("transactions_user_created_id_idx").on(t.userId, t.createdAt, t.id),
    // Orders search by hash and by an e-commerce platform's order id (public_id is unique already).
    index("transactions_user_signature_idx").on(t.userId, t.signature),
    index("transactions_user_order_id_idx").on(t.userId, sql`(${t.merchantExtras} ->> 'orderId')`),
    index("transactions_product_idx").on(t.productType, t.productId),
    index("transactions_chain_status_idx").on(t.chainId, t.status),
    index("transactions_session_idx").on(t.sessionId),
    // Pay-start caps count what is still waiting to be paid, per link, per client address block and in all (modules/pay/start-caps.ts).
    index("transactions_initiated_product_idx").on(t.productId).where(sql`${t.status} = 'initiated'`),
    index("transactions_initiated_prefix_idx").on(t.clientPrefix, t.expiresAt).where(sql`${t.status} = 'initiated'`),
    index("transactions_initiated_expires_idx").on(t.expiresAt).where(sql`${t.status} = 'initiated'`),
    // Operator statistics (modules/admin/stats.ts) read every merchant's payments of a date range.
    index("transactions_created_idx").on(t.createdAt),
    // Operator billing (modules/admin/billing.ts): paid volume per merchant per month.
    index("transactions_paid_at_idx").on(t.paidAt, t.userId).where(sql`${t.paidAt} is not null`),
    // Points sent (modules/points/service.ts): payments made from a merchant's wallets, to anyone, looked up by lower(payer).
    index("transactions_payer_lower_idx").on(sql`lower(${t.payer})`),
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
    /**
     * Every wallet that moved the money (the transfer's authority and source owner, the
     * transaction's signers and fee payer; EVM: the Transfer's `from` and `tx.from`): all screened
     * when the merchant maps the inflow to a payment. Empty on rows recorded before it was kept.
     */
    parties: jsonb("parties").$type<string[]>().notNull().default([]),
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

/**
 * Money sent back to a payer (SPEC §2 Refund dialog, §7 /v2/refunds): of a payment
 * (`transactionId`) or of an unmapped transfer (`unmappedId`), exactly one of them. `requested` when
 * the merchant starts it (the amount counts against what is still refundable from then on),
 * `confirmed` once the transfer back is seen on chain (found by `reference`), `failed` when it
 * never came (then it no longer counts). Amount in the token's base units.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "cascade" }),
    unmappedId: uuid("unmapped_id").references(() => unmappedTransfers.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    tokenAddress: text("token_address").notNull(),
    decimals: integer("decimals").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0, mode: "bigint" }).notNull(),
    /** The merchant's token account the money leaves. */
    sourceTokenAccount: text("source_token_account").notNull(),
    /** The payer (owner) and their token account the money goes back to. */
    destinationOwner: text("destination_owner").notNull(),
    destinationTokenAccount: text("destination_token_account").notNull(),
    /** Solana reference public key the transfer back carries; finds it on chain. */
    reference: text("reference").notNull().unique(),
    status: text("status").$type<"requested" | "sent" | "confirmed" | "failed">().notNull().default("requested"),
    signature: text("signature"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("refunds_transaction_idx").on(t.transactionId), index("refunds_unmapped_idx").on(t.unmappedId), index("refunds_user_created_idx").on(t.userId, t.createdAt)],
);

export type RefundRow = typeof refunds.$inferSelect;

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
 * The public id namespace of every payable product: `?p={hashedId}` on the pay page names one row
 * here, which says which product (type and internal id) it is. Each product type keeps its own
 * table; the pay module resolves a link through this registry (one query) and asks the product's
 * source for what the payer owes. Written in the same transaction as the product it names.
 */
export const payableLinks = pgTable(
  "payable_links",
  {
    hashedId: text("hashed_id").primaryKey(),
    /** SPEC product type: quick-pay, collect, bill, invoice, product, donate. */
    productType: text("product_type").notNull(),
    productId: uuid("product_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payable_links_product_uq").on(t.productType, t.productId)],
);

export type PayableLinkRow = typeof payableLinks.$inferSelect;
