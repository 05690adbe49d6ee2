import * as yup from "yup";
import { parseBaseUnits } from "./money";
import { paymentRowChipState, type PaymentChipState } from "./status";
import type { PaymentInfoDto } from "./transaction-details";
import { ZLINK_LIMITS, ZLINK_MESSAGES, isBelowMinimum, isTokenCurrency, isWebsiteUrl, parsePriceText, priceDecimals, zlinkCurrencies } from "./zlink";

/**
 * zRequest (SPEC §3 collect, §5): a one-off payment request to a named payer, who is e-mailed the
 * amount, the message and the pay link. The form's schema (used again by the server), the DTO both
 * sides agree on, and the reminder rule. Prices follow the zLink rules (same currencies, decimals,
 * 0.1 minimum).
 */

/** Sanity caps the server enforces (the form too, so the user sees why). */
export const COLLECT_LIMITS = { name: 100, email: 254, desc: 1000, site: ZLINK_LIMITS.site, maxPrice: ZLINK_LIMITS.maxPrice } as const;

/** A reminder e-mail (`POST /trigger-email`) at most this often per zRequest. */
export const REMINDER_INTERVAL_MS = 60_000;

/** SPEC §5 texts (English); the form passes translated ones, the server uses these. */
export const COLLECT_MESSAGES = {
  nameRequired: "Please add the name",
  nameTooLong: "The name can be at most 100 characters",
  emailInvalid: "Invalid email address",
  emailRequired: "Please add valid email address",
  descRequired: "Please add description for the collect request",
  descTooLong: "The message can be at most 1000 characters",
  priceInvalid: "Invalid amount",
  priceRequired: "Please add amount to collect",
  priceNegative: ZLINK_MESSAGES.priceNegative,
  amountMinimum: ZLINK_MESSAGES.amountMinimum,
  priceDecimals: ZLINK_MESSAGES.priceDecimals,
  priceTooLarge: ZLINK_MESSAGES.priceTooLarge,
  currencyInvalid: ZLINK_MESSAGES.currencyInvalid,
  siteInvalid: "Invalid website url (Ex: {host})",
} as const;
export type CollectMessages = Record<keyof typeof COLLECT_MESSAGES, string>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Currencies a zRequest may be priced in: the merchant's billing currency, then the tokens (as zLink). */
export const collectCurrencies = zlinkCurrencies;

/** What the form holds (all text, as typed). `site` is not shown in the dialog; the API accepts it. */
export interface CollectFormValues {
  name: string;
  email: string;
  desc: string;
  price: string;
  currency: string;
  site: string;
}

export interface CollectSchemaOptions {
  messages?: CollectMessages;
  /** Currencies the merchant may choose (see `collectCurrencies`). */
  currencies: readonly string[];
  exampleHost?: string;
}

// One address, no spaces, a dot in the domain: what a mail server will take (yup's own rule is looser on hosts).
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Whether `text` is an e-mail address a payer can be written to. */
export function isEmailAddress(text: string): boolean {
  return text.length <= COLLECT_LIMITS.email && EMAIL.test(text);
}

const fractionDigits = (decimal: string) => decimal.split(".")[1]?.length ?? 0;

/**
 * SPEC §5 zRequest rules: name required; e-mail required and valid; message (desc) required;
 * amount a number, required, not negative, at least 0.1, within the currency's decimals.
 */
export function collectSchema({ messages = COLLECT_MESSAGES, currencies, exampleHost = "https://example.com" }: CollectSchemaOptions) {
  return yup.object({
    name: yup.string().trim().required(messages.nameRequired).max(COLLECT_LIMITS.name, messages.nameTooLong),
    email: yup
      .string()
      .trim()
      .required(messages.emailRequired)
      .test("email", messages.emailInvalid, (v) => !v || isEmailAddress(v)),
    desc: yup.string().trim().required(messages.descRequired).max(COLLECT_LIMITS.desc, messages.descTooLong),
    site: yup
      .string()
      .trim()
      .default("")
      .max(COLLECT_LIMITS.site, fill(messages.siteInvalid, { host: exampleHost }))
      .test("url", fill(messages.siteInvalid, { host: exampleHost }), (v) => !v || isWebsiteUrl(v)),
    currency: yup.string().required(messages.currencyInvalid).oneOf([...currencies], messages.currencyInvalid),
    price: yup
      .string()
      .trim()
      .required(messages.priceRequired)
      .test("number", messages.priceInvalid, (v) => !v || parsePriceText(v) !== undefined)
      .test("not-negative", messages.priceNegative, (v) => !parsePriceText(v ?? "")?.startsWith("-"))
      .test("minimum", messages.amountMinimum, (v) => !isBelowMinimum(v ?? ""))
      .test("decimals", function (v) {
        const canonical = parsePriceText(v ?? "");
        const currency = String(this.parent.currency ?? "");
        const allowed = priceDecimals(currency);
        if (!canonical || fractionDigits(canonical) <= allowed) return true;
        return this.createError({ message: fill(messages.priceDecimals, { count: allowed, currency }) });
      })
      .test("max", messages.priceTooLarge, (v) => {
        const canonical = parsePriceText(v ?? "");
        if (!canonical || canonical.startsWith("-")) return true;
        const scale = Math.max(fractionDigits(canonical), 0);
        return parseBaseUnits(canonical, scale) <= parseBaseUnits(COLLECT_LIMITS.maxPrice, scale);
      }),
  });
}

/** A zRequest as stored, from valid form values. */
export interface CollectInput {
  name: string;
  email: string;
  desc: string;
  site: string | null;
  price: string;
  currency: string;
  useFiat: boolean;
  /** Token base units of the price (USDC: 6 decimals); null for a fiat price. */
  priceBaseUnits: bigint | null;
}

/** Normalises values the schema accepted. @throws RangeError when the price is not a number. */
export function toCollectInput(values: CollectFormValues): CollectInput {
  const price = parsePriceText(values.price);
  if (price === undefined) throw new RangeError(`"${values.price}" is not a price`);
  const token = isTokenCurrency(values.currency);
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    desc: values.desc.trim(),
    site: values.site.trim() || null,
    price,
    currency: values.currency,
    useFiat: !token,
    priceBaseUnits: token ? parseBaseUnits(price, priceDecimals(values.currency)) : null,
  };
}

/** A zRequest as the API returns it (SPEC §3 collect). */
export interface CollectDto {
  _id: string;
  /** Public id in the pay link (`?p=`); the Order ID column shows it. */
  hashedId: string;
  user: string;
  /** The payer's name and e-mail address. */
  name: string;
  email: string;
  /** The message to the payer. */
  desc: string;
  site: string | null;
  /** Decimal text in `currency`; `amount` repeats it. */
  price: string;
  amount: string;
  currency: string;
  useFiat: boolean;
  /** The merchant's billing currency when the request was saved. */
  userCurrency: string;
  /** The status chip's state (SPEC §4 reading 1). */
  status: PaymentChipState;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** When the payer was last e-mailed (the request or a reminder); null if never. */
  lastEmailedAt: string | null;
  /** The payer used the unsubscribe link of this merchant's mails: nothing is e-mailed to them. */
  payerUnsubscribed: boolean;
  /** API path to read the request for editing: only while enabled and unpaid, else null. */
  updateUrl: string | null;
  paymentInfo: PaymentInfoDto | null;
}

/** The status a row carries (reading 1 on its payment, Disabled when disabled before any payment). */
export function collectStatus(row: Pick<CollectDto, "enabled" | "paymentInfo">): PaymentChipState {
  return paymentRowChipState(row);
}

/** The row menu shows while the request has no payment and is enabled (Edit needs its update URL too). */
export function showsCollectMenu(row: Pick<CollectDto, "enabled" | "paymentInfo">): boolean {
  return row.enabled && !row.paymentInfo;
}
