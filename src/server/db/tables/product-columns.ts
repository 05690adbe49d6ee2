import { bigint, boolean, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./merchants";

/*
 * The columns every payable product shares (zLink, zRequest, invoice, zCart checkout, donation
 * page, zAPI payment), defined once. Each call makes fresh column builders: drizzle binds a
 * builder to the one table it is spread into.
 */

/** `id` is internal; `hashedId` is the short unguessable id in public links (`?p=`); `userId` the merchant's. */
export const productKeys = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  hashedId: text("hashed_id").notNull().unique(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/**
 * A fixed price: decimal text in `currency` (a fiat code, or a token symbol) and, for a token,
 * its base units; `userCurrency` is the merchant's billing currency when it was saved.
 */
export const productPrice = () => ({
  price: text("price").notNull(),
  currency: text("currency").notNull(),
  useFiat: boolean("use_fiat").notNull(),
  priceBaseUnits: bigint("price_base_units", { mode: "bigint" }),
  userCurrency: text("user_currency").notNull(),
});

/** Enabled until disabled for good (`disabledAt`); `version` is bumped on every change, clients echo it back as `_key` so a stale edit is refused. */
export const productLifecycle = () => ({
  enabled: boolean("enabled").notNull().default(true),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
});
