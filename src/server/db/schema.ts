import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Sign-in messages already used, so a captured signature cannot be replayed. Rows older than the
 * allowed clock skew can go: their timestamp alone would refuse them.
 */
export const usedSigninMessages = pgTable("used_signin_messages", {
  digest: text("digest").primaryKey(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A merchant's request for production access (top bar, non-production builds); one per merchant. */
export const productionRequests = pgTable("production_requests", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
});
