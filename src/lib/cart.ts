import * as yup from "yup";
import { parseBaseUnits } from "./money";
import { MAX_CART_QUANTITY } from "./pay-api";
import type { PaymentInfoDto } from "./transaction-details";
import {
  isBelowMinimum,
  isTokenCurrency,
  parsePriceText,
  priceDecimals,
  zlinkSchema,
  ZLINK_LIMITS,
  ZLINK_MESSAGES,
  type ZLinkMessages,
} from "./zlink";

export { MAX_CART_QUANTITY };

/**
 * zCart (SPEC "zCart /checkouts", entity `products`): the catalogue item and checkout schemas the
 * form and the server share, and the exact cart total the pay page and the server both compute.
 */

/** How many lines a checkout may hold. */
export const MAX_CHECKOUT_LINES = 20;
/** Largest image an item may carry (bytes). */
export const MAX_UPLOAD_BYTES = 256 * 1024;
/** Item images are stored re-encoded within this many px a side. */
export const UPLOAD_MAX_SIDE = 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** English texts; the forms pass translated ones, the server uses these. Price texts are zLink's. */
export const CART_MESSAGES = {
  ...ZLINK_MESSAGES,
  nameRequired: "Please add item name",
  nameTooLong: "The name can be at most 100 characters",
  linesRequired: "Please add at least one item",
  linesTooMany: "A checkout can hold at most 20 items",
  quantityInvalid: "Quantity must be between 1 and 99",
  itemUnknown: "This item is not in your catalogue",
  itemDisabled: "This item is disabled",
  itemTwice: "Each item can be added once",
  mixedCurrencies: "All items of a checkout must be in the same currency",
} as const;
export type CartMessages = Record<keyof typeof CART_MESSAGES, string>;

/* ---------------------------------------------------------------- cart total */

/**
 * The one exact cart total (bigint, never floats) the pay page, the merchant's checkout dialog and
 * the server all use: each line's unit price times its quantity, the payer's where given.
 */
export { cartTotal, cartLineAmount, quantityOf } from "./pay-cart";

/* ---------------------------------------------------------------- catalogue item */

export interface CatalogItemFormValues {
  name: string;
  description: string;
  price: string;
  currency: string;
  /** The uploaded image (`/api/uploads/{id}`), or empty for none. */
  imageId: string;
}

export interface CartSchemaOptions {
  messages?: CartMessages;
  currencies: readonly string[];
}

/**
 * A catalogue item: a name, an optional description, a price with zLink's rules (currency list,
 * decimals, not negative, at least 0.1 — here a field error, since the form has no toast for it),
 * an optional image.
 */
export function catalogItemSchema({ messages = CART_MESSAGES, currencies }: CartSchemaOptions) {
  // zLink's own currency and price rules (currency list, decimals, not negative, at most 1e9).
  const zlink = zlinkSchema({ messages: messages as ZLinkMessages, currencies }).fields as unknown as {
    currency: yup.StringSchema<string>;
    price: yup.StringSchema<string>;
  };
  return yup.object({
    name: yup.string().trim().required(messages.nameRequired).max(ZLINK_LIMITS.label, messages.nameTooLong),
    description: yup.string().trim().max(ZLINK_LIMITS.desc, messages.descTooLong).default(""),
    currency: zlink.currency,
    price: zlink.price.test("minimum", messages.amountMinimum, (v) => !v || !isBelowMinimum(v)),
    imageId: yup.string().trim().default(""),
  });
}

/** A catalogue item as stored: canonical price, fiat or token, base units. */
export interface CatalogItemInput {
  name: string;
  description: string;
  price: string;
  currency: string;
  useFiat: boolean;
  priceBaseUnits: bigint | null;
  imageId: string | null;
}

/** Normalises values the schema accepted. @throws RangeError when the price is not a number. */
export function toCatalogItemInput(values: CatalogItemFormValues): CatalogItemInput {
  const price = parsePriceText(values.price);
  if (price === undefined) throw new RangeError(`"${values.price}" is not a price`);
  const token = isTokenCurrency(values.currency);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price,
    currency: values.currency,
    useFiat: !token,
    priceBaseUnits: token ? parseBaseUnits(price, priceDecimals(values.currency)) : null,
    imageId: values.imageId.trim() || null,
  };
}

/* ---------------------------------------------------------------- checkout */

export interface CheckoutFormLine {
  itemId: string;
  quantity: number;
}

export interface CheckoutFormValues {
  label: string;
  description: string;
  lines: CheckoutFormLine[];
  quantitiesEditable: boolean;
}

export interface CheckoutSchemaOptions {
  messages?: CartMessages;
  /** The currency of a catalogue item of the merchant, undefined when it is not one. */
  itemCurrency?: (itemId: string) => string | undefined;
}

/**
 * A checkout: a button label ('Please add button label'), an optional description, one to
 * MAX_CHECKOUT_LINES lines of distinct items with quantities 1..MAX_CART_QUANTITY, all items in one
 * currency (checked when `itemCurrency` is given).
 */
export function checkoutSchema({ messages = CART_MESSAGES, itemCurrency }: CheckoutSchemaOptions = {}) {
  const line = yup.object({
    itemId: yup.string().required(messages.linesRequired),
    quantity: yup
      .number()
      .typeError(messages.quantityInvalid)
      .required(messages.quantityInvalid)
      .integer(messages.quantityInvalid)
      .min(1, messages.quantityInvalid)
      .max(MAX_CART_QUANTITY, messages.quantityInvalid),
  });
  return yup.object({
    label: yup.string().trim().required(messages.labelRequired).max(ZLINK_LIMITS.label, messages.labelTooLong),
    description: yup.string().trim().max(ZLINK_LIMITS.desc, messages.descTooLong).default(""),
    quantitiesEditable: yup.boolean().default(false),
    lines: yup
      .array(line)
      .required(messages.linesRequired)
      .min(1, messages.linesRequired)
      .max(MAX_CHECKOUT_LINES, messages.linesTooMany)
      .test("distinct", messages.itemTwice, (lines) => !lines || new Set(lines.map((l) => l.itemId)).size === lines.length)
      .test("known", messages.itemUnknown, (lines) => !lines || !itemCurrency || lines.every((l) => itemCurrency(l.itemId) !== undefined))
      .test("one-currency", messages.mixedCurrencies, (lines) => {
        if (!lines || !itemCurrency) return true;
        return new Set(lines.map((l) => itemCurrency(l.itemId)).filter(Boolean)).size <= 1;
      }),
  });
}

/* ---------------------------------------------------------------- DTOs */

/** A catalogue item as the API returns it. */
export interface CatalogItemDto {
  _id: string;
  user: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  useFiat: boolean;
  priceBaseUnits: string | null;
  imageId: string | null;
  /** `/api/uploads/{id}` on the origin that serves the page, when the item has an image. */
  imageUrl: string | null;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A checkout line as the merchant API returns it (the item's current name and price). */
export interface CheckoutLineDto {
  itemId: string;
  name: string;
  unitPrice: string;
  quantity: number;
  imageUrl: string | null;
  enabled: boolean;
}

/** A zCart checkout as the API returns it (entity `products`). */
export interface CheckoutDto {
  _id: string;
  hashedId: string;
  user: string;
  label: string;
  desc: string;
  lines: CheckoutLineDto[];
  quantitiesEditable: boolean;
  /** The total of the default quantities, decimal text in `currency`. `amount` repeats it. */
  price: string;
  amount: string;
  currency: string;
  useFiat: boolean;
  userCurrency: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  updateUrl: string | null;
  paymentInfo: PaymentInfoDto | null;
}

/** The address an upload is served at (both origins serve it). */
export function uploadUrl(id: string): string {
  return `/api/uploads/${encodeURIComponent(id)}`;
}
