import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./merchants";
import { productKeys, productLifecycle, productPrice } from "./product-columns";

/* What merchants sell: zLinks, zRequests, invoices and their customers, the zCart catalogue (with uploads) and checkouts, donation pages. */

/**
 * A zLink (SPEC §3 quick pay): a reusable payment link with a fixed price. `id` is internal;
 * `hashedId` is the short unguessable id in public links (`?p=`). The price is kept as decimal
 * text in `currency` (a fiat code, or a token symbol) and, for a token, also in its base units.
 * Disabling is permanent (`enabled` false, `disabledAt` set).
 */
export const quickPays = pgTable(
  "quick_pays",
  {
    ...productKeys(),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    site: text("site"),
    ...productPrice(),
    ...productLifecycle(),
  },
  (t) => [index("quick_pays_user_created_idx").on(t.userId, t.createdAt)],
);

export type QuickPayRow = typeof quickPays.$inferSelect;

/**
 * A zRequest (SPEC §3 collect): a one-off request to a named payer, who is e-mailed the amount, the
 * message and the pay link. Paid once: after a validated payment it is no longer payable.
 */
export const collects = pgTable(
  "collects",
  {
    ...productKeys(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    description: text("description").notNull(),
    site: text("site"),
    ...productPrice(),
    /** When the payer was last e-mailed (the request itself or a reminder). */
    lastEmailedAt: timestamp("last_emailed_at", { withTimezone: true }),
    /** What that last mail was: the request (on creation, or re-sent after an edit) or a reminder; the reminder throttle names it. */
    lastEmailKind: text("last_email_kind").$type<"request" | "reminder">(),
    ...productLifecycle(),
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
    ...productKeys(),
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
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...productLifecycle(),
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
    ...productKeys(),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    quantitiesEditable: boolean("quantities_editable").notNull().default(false),
    currency: text("currency").notNull(),
    userCurrency: text("user_currency").notNull(),
    ...productLifecycle(),
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
    ...productKeys(),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    site: text("site"),
    currency: text("currency").notNull(),
    useFiat: boolean("use_fiat").notNull(),
    /** Decimal texts in `currency`, in the order shown. */
    suggestedAmounts: text("suggested_amounts").array().notNull(),
    userCurrency: text("user_currency").notNull(),
    ...productLifecycle(),
  },
  (t) => [index("donates_user_created_idx").on(t.userId, t.createdAt)],
);

export type DonateRow = typeof donates.$inferSelect;
