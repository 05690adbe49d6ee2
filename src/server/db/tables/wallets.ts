import { bigint, boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./merchants";

/* Receiving wallets: the merchant's addresses, their proofs and changes, and non-custodial route contracts with their settlements. */

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
