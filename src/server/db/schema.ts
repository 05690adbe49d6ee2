import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { PaymentStatus } from "../../lib/payment-status";
import type { OrderDetails } from "../../lib/pay-api";
import type { WebhookAttemptState } from "../../lib/webhook-settings";

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

/**
 * The merchant's profile (SPEC §3 User.profile): empty fields are left out. `logoId` is an
 * `uploads` row of theirs, re-encoded by the server; a new logo is a new row, so its URL changes.
 */
export interface MerchantProfile {
  company?: string;
  city?: string;
  taxId?: string;
  defaultInvoiceNotes?: string;
  brandColor?: string;
  logoId?: string;
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
    /** What payers see of the merchant and what invoices are issued from (GET/PUT /api/profile). */
    profile: jsonb("profile").$type<MerchantProfile>().notNull().default({}),
    /** The language the merchant uses the app in (en, fr): e-mails sent for them follow it. */
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("users_referred_by_idx").on(t.referredBy), index("users_created_idx").on(t.createdAt)],
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
 * A merchant's receiving wallet for one chain family (SPEC §3 Wallet): where that family's
 * payments are sent. One per merchant and family (`evm`, `solana`, see src/lib/wallet-families.ts):
 * an EVM address serves every EVM chain in `chains`. `chainId` is the chain it was attached on
 * (SPEC's Wallet.chain); `chains` are the chains it receives on (a Solana wallet: its one chain).
 * `type` is how it was attached (SPEC's list plus `solana`, see modules/wallets/wallet-types.ts);
 * `provenAt` is when a signature proved the merchant holds it (null when entered manually).
 */
export const merchantWallets = pgTable(
  "merchant_wallets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    family: text("family").notNull(),
    chains: integer("chains").array().notNull(),
    address: text("address").notNull(),
    type: text("type").notNull().default("manual"),
    /** The wallet's own name as it announced itself (EIP-6963 / Wallet Standard), for connected ones. */
    walletName: text("wallet_name"),
    provenAt: timestamp("proven_at", { withTimezone: true }),
    /**
     * Non-custodial merchants (EVM): the route contract (contracts/ZpayRoute.sol) `address` owns,
     * checked on chain `chainId` when attached. Payments go to it instead of `address`.
     */
    routeAddress: text("route_address"),
    /** The deploy transaction, when the merchant deployed the route while attaching (SPEC's Wallet.hash). */
    deployHash: text("deploy_hash"),
    /** When the route was verified on chain (SPEC's walletDeployed). */
    deployedAt: timestamp("deployed_at", { withTimezone: true }),
    /**
     * The block the route was deployed in: its settlement history is read from there, not from
     * block 0. From the deploy receipt when attached with one, else found once on first read.
     */
    routeDeployBlock: bigint("route_deploy_block", { mode: "bigint" }),
    valid: boolean("valid").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("merchant_wallets_user_family_uq").on(t.userId, t.family),
    index("merchant_wallets_chain_address_idx").on(t.chainId, t.address),
    // Who holds an address (payments/address-owners.ts). Not unique: merchants may already share one.
    index("merchant_wallets_family_address_lower_idx").on(t.family, sql`lower(${t.address})`),
    index("merchant_wallets_route_lower_idx").on(sql`lower(${t.routeAddress})`).where(sql`${t.routeAddress} is not null`),
  ],
);
export type WalletRow = typeof merchantWallets.$inferSelect;

/**
 * Single-use challenges a connected wallet signs to prove it belongs to the merchant attaching it
 * (POST /api/wallet/networks/proof). Bound to the merchant, the chain and the address; attaching
 * deletes the row, so a captured signature cannot be replayed. Expired rows are pruned as new
 * ones are issued.
 */
export const walletProofNonces = pgTable(
  "wallet_proof_nonces",
  {
    nonce: text("nonce").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    /** The exact text the wallet was asked to sign (rebuilt nowhere else, compared byte for byte). */
    message: text("message").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("wallet_proof_nonces_expires_idx").on(t.expiresAt)],
);

/**
 * Every change of a receiving address (POST /api/wallet/networks/update-address): who made it
 * (the merchant, the wallet their session signed in with, when that sign-in happened, the client
 * address) and when, old and new. Payments already started keep the recipient stored on them.
 */
export const walletAddressChanges = pgTable(
  "wallet_address_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    walletId: uuid("wallet_id")
      .notNull()
      .references(() => merchantWallets.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    family: text("family").notNull(),
    oldAddress: text("old_address").notNull(),
    newAddress: text("new_address").notNull(),
    oldType: text("old_type").notNull(),
    newType: text("new_type").notNull(),
    /** The public key the merchant's session signed in with. */
    signedInAs: text("signed_in_as").notNull(),
    signedInAt: timestamp("signed_in_at", { withTimezone: true }).notNull(),
    clientAddress: text("client_address"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("wallet_address_changes_wallet_idx").on(t.walletId, t.changedAt)],
);
export type WalletAddressChangeRow = typeof walletAddressChanges.$inferSelect;

/**
 * A non-custodial merchant's earlier route contracts: the route of an EVM wallet the merchant
 * replaced (the factory salts by owner, so a new wallet gets a new route). The old route may still
 * hold the merchant's money and only `owner` can move it, so it stays listed: Settlements shows
 * its balances and history and builds `settle` calls for `owner`, refunds of payments made into it
 * still leave from it, and the inflow scan still watches it. New payments go to the wallet's
 * current route (`merchant_wallets.route_address`). A route that becomes current again (the
 * merchant switches back to that wallet) leaves this table.
 */
export const retiredRoutes = pgTable(
  "retired_routes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chainId: integer("chain_id").notNull(),
    routeAddress: text("route_address").notNull(),
    /** The wallet that owns the route on chain: the only one that can settle or refund from it. */
    ownerAddress: text("owner_address").notNull(),
    deployHash: text("deploy_hash"),
    /** As `merchant_wallets.route_deploy_block`: where its history starts, found once when unknown. */
    deployBlock: bigint("deploy_block", { mode: "bigint" }),
    /** When the route was first verified (its wallet's `deployed_at`): inflows before it are not the merchant's. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull(),
    retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("retired_routes_user_chain_route_uq").on(t.userId, t.chainId, t.routeAddress), index("retired_routes_route_lower_idx").on(sql`lower(${t.routeAddress})`)],
);
export type RetiredRouteRow = typeof retiredRoutes.$inferSelect;

/**
 * How far `read-history` has read a route's `Settled` events: the last block read and its hash as
 * read. A later read starts after it, so each call asks the chain only for new blocks; when the
 * hash no longer matches (a reorganization, a restarted sandbox chain) the route is read again
 * from its deployment block. Keyed by chain and route (lowercase): the events are chain facts.
 */
export const routeSettlementCursors = pgTable(
  "route_settlement_cursors",
  {
    chainId: integer("chain_id").notNull(),
    routeAddress: text("route_address").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    blockHash: text("block_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("route_settlement_cursors_chain_route_uq").on(t.chainId, t.routeAddress)],
);

/** A route's `Settled` event as read up to its cursor (`routeSettlementCursors`); one row per log. */
export const routeSettlements = pgTable(
  "route_settlements",
  {
    chainId: integer("chain_id").notNull(),
    routeAddress: text("route_address").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    token: text("token").notNull(),
    toAddress: text("to_address").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0, mode: "bigint" }).notNull(),
  },
  (t) => [
    uniqueIndex("route_settlements_chain_tx_log_uq").on(t.chainId, t.txHash, t.logIndex),
    index("route_settlements_chain_route_block_idx").on(t.chainId, t.routeAddress, t.blockNumber),
  ],
);
export type RouteSettlementRow = typeof routeSettlements.$inferSelect;

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
    swap: jsonb("swap").$type<{ type: "swap" | "bridge"; token: string; bridgeChainSymbol?: string | null }>(),
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
    id: uuid("id").primaryKey().defaultRandom(),
    hashedId: text("hashed_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    price: text("price").notNull(),
    currency: text("currency").notNull(),
    useFiat: boolean("use_fiat").notNull(),
    priceBaseUnits: bigint("price_base_units", { mode: "bigint" }),
    userCurrency: text("user_currency").notNull(),
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

/* ───────────────────────── Payment products beyond zLink (issue 12) ───────────────────────── */

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

/**
 * A zRequest (SPEC §3 collect): a one-off request to a named payer, who is e-mailed the amount, the
 * message and the pay link. Paid once: after a validated payment it is no longer payable.
 */
export const collects = pgTable(
  "collects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hashedId: text("hashed_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    description: text("description").notNull(),
    site: text("site"),
    price: text("price").notNull(),
    currency: text("currency").notNull(),
    useFiat: boolean("use_fiat").notNull(),
    priceBaseUnits: bigint("price_base_units", { mode: "bigint" }),
    userCurrency: text("user_currency").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    version: integer("version").notNull().default(1),
    /** When the payer was last e-mailed (the request itself or a reminder). */
    lastEmailedAt: timestamp("last_emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [index("collects_user_created_idx").on(t.userId, t.createdAt)],
);
export type CollectRow = typeof collects.$inferSelect;

/** A merchant's payee (SPEC §3 Customer): who an invoice is billed to. E-mail unique per merchant (case-insensitive). */
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Two free text lines. */
    address: text("address").array().notNull().default(sql`ARRAY[]::text[]`),
    organisation: text("organisation"),
    pin: text("pin"),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_user_email_uq").on(t.userId, sql`lower(${t.email})`),
    index("customers_user_created_idx").on(t.userId, t.createdAt),
  ],
);
export type CustomerRow = typeof customers.$inferSelect;

/**
 * An invoice (SPEC §3 Invoice), behind both zInvoice (`/bills`, `kind` bill: a pay button labelled
 * `label`) and the v1 invoices API (`kind` invoice). `inclusions` are the lines as entered (default
 * or LEGAL layout, amounts in hundredths of `currency`); `totalCents` is `invoiceTotal(...).totalAmount`
 * computed by the server at every save (src/lib/invoice-math.ts). `number` is ZSH-prefixed and
 * unique per merchant. Status: ACTIVE, DRAFT, PAID, CANCELLED, DISABLED, INIT (SPEC §4 reading 2);
 * a validated payment turns it PAID in the same database transaction.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hashedId: text("hashed_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"bill" | "invoice">().notNull(),
    /** The pay button's label (SPEC: default 'Pay Now'). */
    label: text("label").notNull().default("Pay Now"),
    number: text("number").notNull(),
    layout: text("layout").$type<"DEFAULT" | "LEGAL">().notNull().default("DEFAULT"),
    issuedOn: text("issued_on").notNull(),
    paymentDueOn: text("payment_due_on").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The customer as billed, frozen at save (a later edit of the payee does not rewrite a sent invoice). */
    billTo: jsonb("bill_to").$type<Record<string, unknown>>(),
    currency: text("currency").notNull().default("USD"),
    useFiat: boolean("use_fiat").notNull().default(true),
    inclusions: jsonb("inclusions").$type<unknown[]>().notNull(),
    totalCents: bigint("total_cents", { mode: "bigint" }).notNull(),
    notes: text("notes").notNull().default(""),
    /** SPEC invoiceFrom: the From block's title and subtext. */
    invoiceFrom: jsonb("invoice_from").$type<{ title: string; subtext: string }>(),
    status: text("status").$type<"ACTIVE" | "DRAFT" | "PAID" | "CANCELLED" | "DISABLED" | "INIT">().notNull().default("ACTIVE"),
    enabled: boolean("enabled").notNull().default(true),
    version: integer("version").notNull().default(1),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoices_user_number_uq").on(t.userId, t.number),
    index("invoices_user_kind_created_idx").on(t.userId, t.kind, t.createdAt),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** A file a merchant uploaded (product images now, the profile logo later): jpeg or png, served from our own origins. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type").$type<"image/jpeg" | "image/png">().notNull(),
    /** Base64 of the bytes (bytea is not portable through both drivers' JSON paths). */
    data: text("data").notNull(),
    byteLength: integer("byte_length").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the hourly prune first found it used by nothing (null while used or not looked at yet):
     *  its grace period runs from then, so a logo replaced after a year is kept as long as a new one. */
    unusedSince: timestamp("unused_since", { withTimezone: true }),
  },
  (t) => [index("uploads_user_idx").on(t.userId)],
);

/** A zCart catalogue entry: something a merchant sells, at a fixed price. */
export const catalogItems = pgTable(
  "catalog_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    price: text("price").notNull(),
    currency: text("currency").notNull(),
    useFiat: boolean("use_fiat").notNull(),
    priceBaseUnits: bigint("price_base_units", { mode: "bigint" }),
    imageId: uuid("image_id").references(() => uploads.id, { onDelete: "set null" }),
    enabled: boolean("enabled").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("catalog_items_user_created_idx").on(t.userId, t.createdAt)],
);
export type CatalogItemRow = typeof catalogItems.$inferSelect;

/** One line of a zCart checkout: a catalogue item and its quantity. */
export interface CheckoutLine {
  itemId: string;
  quantity: number;
}

/**
 * A zCart checkout (SPEC entity `products`, screen /checkouts): a hosted page selling one or more
 * catalogue items with quantities; `quantitiesEditable` lets the payer change them. All lines share
 * one currency. The total is computed by the server when the payer starts.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hashedId: text("hashed_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    quantitiesEditable: boolean("quantities_editable").notNull().default(false),
    currency: text("currency").notNull(),
    userCurrency: text("user_currency").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [index("checkouts_user_created_idx").on(t.userId, t.createdAt)],
);
export type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * A donation page (SPEC entity `donates`): the payer picks one of `suggestedAmounts` or types an
 * amount (at least 0.1 in `currency`), optionally with a name and a message for the merchant.
 */
export const donates = pgTable(
  "donates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hashedId: text("hashed_id").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    site: text("site"),
    currency: text("currency").notNull(),
    useFiat: boolean("use_fiat").notNull(),
    /** Decimal texts in `currency`, in the order shown. */
    suggestedAmounts: text("suggested_amounts").array().notNull(),
    userCurrency: text("user_currency").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [index("donates_user_created_idx").on(t.userId, t.createdAt)],
);
export type DonateRow = typeof donates.$inferSelect;

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
 * A merchant's e-mail notification choice (SPEC §4 Notifications). The address is `users.email`;
 * `verifiedEmail` is the address a verification link proved, so notifications go out only while
 * it still equals `users.email` (changing the address anywhere un-verifies it without a write here).
 */
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

/** Secrets this instance makes for itself on first use (e.g. the key unsubscribe links are signed with); never shown. */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  verifiedEmail: text("verified_email"),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

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

/**
 * Operator statistics already computed, one row per range (modules/admin/stats-cache.ts). Kept in
 * the database because app processes share nothing else: `/v2/admin-stats/clear-cache` empties it
 * for every process at once.
 */
export const adminStatsCache = pgTable("admin_stats_cache", {
  /** `start/end` of the range (yyyy-MM-dd, UTC). */
  rangeKey: text("range_key").primaryKey(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});
