import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fiat currencies a merchant may bill in (GET /api/supported-currencies); seeded by migration. */
export const fiatCurrencies = pgTable("fiat_currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
