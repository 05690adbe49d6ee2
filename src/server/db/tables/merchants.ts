import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/* Merchants and their sign-in: accounts, sessions, sign-in nonces, production requests, notification settings, and the fiat currencies they bill in. */

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
  /** When an admin granted it (the merchant was e-mailed the next steps); null while pending. */
  grantedAt: timestamp("granted_at", { withTimezone: true }),
});

/**
 * A merchant's e-mail notification choice (SPEC §4 Notifications). The address is `users.email`;
 * `verifiedEmail` is the address a verification link proved, so notifications go out only while
 * it still equals `users.email` (changing the address anywhere un-verifies it without a write here).
 */
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
