import * as yup from "yup";
import { formatBaseUnits, parseBaseUnits } from "./money";
import type { PaymentInfoDto } from "./transaction-details";

/**
 * zLink (SPEC §2, §3, §5): the form's validation schema (used again by the server), price
 * normalisation, the DTO both sides agree on, and the hosted-link helpers of the instructions.
 */

/** SPEC §9: the smallest zLink amount. */
export const ZLINK_MIN_AMOUNT = "0.1";
/** SPEC §2: what the button says when the merchant keeps the default title. */
export const ZLINK_DEFAULT_LABEL = "Pay Now";
/** Tokens a zLink may be priced in, with their decimals (settlement is USDC, SPEC §9). */
export const ZLINK_TOKENS: Readonly<Record<string, number>> = { USDC: 6 };
/** Fiat prices are kept to cents. */
export const FIAT_DECIMALS = 2;
/** Sanity caps the server enforces (the form too, so the user sees why). */
export const ZLINK_LIMITS = { label: 100, desc: 1000, site: 2048, maxPrice: "1000000000" } as const;

/** SPEC §5 texts (English); the form passes translated ones, the server uses these. */
export const ZLINK_MESSAGES = {
  labelRequired: "Please add button label",
  labelTooLong: "The title can be at most 100 characters",
  descTooLong: "The description can be at most 1000 characters",
  priceInvalid: "Invalid price",
  priceRequired: "Please add amount for quick payment",
  priceNegative: "Price cannot be less than zero",
  priceDecimals: "Use at most {count} decimals for {currency}",
  priceTooLarge: "The amount is too large",
  siteInvalid: "Invalid website url (Ex: {host})",
  currencyInvalid: "Choose a currency from the list",
  amountMinimum: "Amount must be at least 0.1",
} as const;
export type ZLinkMessages = Record<keyof typeof ZLINK_MESSAGES, string>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Decimal places a price may have in `currency`. */
export function priceDecimals(currency: string): number {
  return ZLINK_TOKENS[currency] ?? FIAT_DECIMALS;
}

export function isTokenCurrency(currency: string): boolean {
  return currency in ZLINK_TOKENS;
}

/** The currencies a merchant can price a zLink in: their billing currency, then the tokens. */
export function zlinkCurrencies(billingCurrency: string | null | undefined): string[] {
  return [billingCurrency || "USD", ...Object.keys(ZLINK_TOKENS)];
}

const PRICE_TEXT = /^(-)?(\d*)(?:[.,](\d*))?$/;

/**
 * Reads a typed price into canonical decimal text ("12,50" → "12.5", ".5" → "0.5"), or
 * undefined when it is not a number. A sign is kept so the caller can say "less than zero".
 */
export function parsePriceText(text: string | number | null | undefined): string | undefined {
  if (text === null || text === undefined) return undefined;
  const raw = typeof text === "number" ? (Number.isFinite(text) ? String(text) : "") : text.trim();
  const match = PRICE_TEXT.exec(raw);
  if (!match) return undefined;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (!whole && !fraction) return undefined;
  const digits = `${whole || "0"}${fraction ? `.${fraction}` : ""}`;
  const canonical = formatBaseUnits(parseBaseUnits(digits, fraction.length), fraction.length);
  return canonical === "0" ? "0" : `${sign}${canonical}`;
}

function fractionDigits(decimal: string): number {
  return decimal.split(".")[1]?.length ?? 0;
}

/** Compares two non-negative canonical decimals exactly. */
function compareDecimal(a: string, b: string): number {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = parseBaseUnits(a, scale);
  const y = parseBaseUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** SPEC §5: submit stops with the 'Amount must be at least 0.1' toast under this amount. */
export function isBelowMinimum(price: string): boolean {
  const canonical = parsePriceText(price);
  return canonical !== undefined && !canonical.startsWith("-") && compareDecimal(canonical, ZLINK_MIN_AMOUNT) < 0;
}

/** Whether a website field holds an http(s) address with a real host (empty is fine: optional). */
export function isWebsiteUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const host = url.hostname;
  return (url.protocol === "https:" || url.protocol === "http:") && (host === "localhost" || /^[^.]+(\.[^.]+)+$/.test(host));
}

export interface ZLinkSchemaOptions {
  messages?: ZLinkMessages;
  /** Shown in the website message's example, e.g. the app's own origin. */
  exampleHost?: string;
  /** Currencies the merchant may choose (see `zlinkCurrencies`). */
  currencies: readonly string[];
}

/** What the form holds (all text, as typed). */
export interface ZLinkFormValues {
  label: string;
  desc: string;
  site: string;
  price: string;
  currency: string;
}

/**
 * SPEC §5 zLink rules: label required; price a number, required, not negative, within the
 * currency's decimals; site a URL when given; desc optional. The minimum (0.1) is not a field
 * error but a toast at submit (`isBelowMinimum`); the server refuses it too.
 */
export function zlinkSchema({ messages = ZLINK_MESSAGES, exampleHost = "https://example.com", currencies }: ZLinkSchemaOptions) {
  return yup.object({
    label: yup.string().trim().required(messages.labelRequired).max(ZLINK_LIMITS.label, messages.labelTooLong),
    desc: yup.string().trim().max(ZLINK_LIMITS.desc, messages.descTooLong).default(""),
    site: yup
      .string()
      .trim()
      .default("")
      .max(ZLINK_LIMITS.site, fill(messages.siteInvalid, { host: exampleHost }))
      .test("url", fill(messages.siteInvalid, { host: exampleHost }), (v) => !v || isWebsiteUrl(v)),
    currency: yup.string().required(messages.currencyInvalid).oneOf([...currencies], messages.currencyInvalid),
    price: yup
      .string()
      .trim()
      .required(messages.priceRequired)
      .test("number", messages.priceInvalid, (v) => !v || parsePriceText(v) !== undefined)
      .test("not-negative", messages.priceNegative, (v) => !parsePriceText(v ?? "")?.startsWith("-"))
      .test("decimals", function (v) {
        const canonical = parsePriceText(v ?? "");
        const currency = String(this.parent.currency ?? "");
        const allowed = priceDecimals(currency);
        if (!canonical || fractionDigits(canonical) <= allowed) return true;
        return this.createError({ message: fill(messages.priceDecimals, { count: allowed, currency }) });
      })
      .test("max", messages.priceTooLarge, (v) => {
        const canonical = parsePriceText(v ?? "");
        return !canonical || canonical.startsWith("-") || compareDecimal(canonical, ZLINK_LIMITS.maxPrice) <= 0;
      }),
  });
}

/** A zLink as stored, from valid form values: canonical price, fiat or token, base units. */
export interface ZLinkInput {
  label: string;
  desc: string;
  site: string | null;
  price: string;
  currency: string;
  useFiat: boolean;
  /** Token base units of the price (USDC: 6 decimals); null for a fiat price. */
  priceBaseUnits: bigint | null;
}

/** Normalises values the schema accepted. @throws RangeError when the price is not a number. */
export function toZLinkInput(values: ZLinkFormValues): ZLinkInput {
  const price = parsePriceText(values.price);
  if (price === undefined) throw new RangeError(`"${values.price}" is not a price`);
  const token = isTokenCurrency(values.currency);
  return {
    label: values.label.trim(),
    desc: values.desc.trim(),
    site: values.site.trim() || null,
    price,
    currency: values.currency,
    useFiat: !token,
    priceBaseUnits: token ? parseBaseUnits(price, priceDecimals(values.currency)) : null,
  };
}

/**
 * A price for display with its currency, in the reader's locale: "12.50 USD", "3 USDC",
 * "12,50 USD". Exact: the decimal text is formatted as is, never through a float.
 */
export function formatPrice(price: string, currency: string, locale: string): string {
  const token = isTokenCurrency(currency);
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: token ? 0 : FIAT_DECIMALS,
    maximumFractionDigits: priceDecimals(currency),
  });
  return `${format.format(price as Intl.StringNumericLiteral)} ${currency}`;
}

/** A zLink as the API returns it (SPEC §3 zLink). */
export interface QuickPayDto {
  _id: string;
  /** Public id in the hosted link (`?p=`); the Order ID column shows it. */
  hashedId: string;
  user: string;
  label: string;
  desc: string;
  site: string | null;
  /** Decimal text in `currency`. `amount` repeats it (SPEC "price/amount"). */
  price: string;
  amount: string;
  currency: string;
  useFiat: boolean;
  /** The fiat code when priced in fiat, else null. */
  fiat: string | null;
  /** The token symbol when priced in a token, else null. */
  token: string | null;
  /** Token base units as integer text when priced in a token, else null. */
  priceBaseUnits: string | null;
  /** The merchant's billing currency when the link was saved. */
  userCurrency: string;
  /** What the merchant settles in. */
  defaultToken: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** API path to read the link for editing; null once disabled (it can't be edited). */
  updateUrl: string | null;
  paymentInfo: PaymentInfoDto | null;
}

/** SPEC §2: the row menu (Edit, View Instructions) shows only for enabled links without payment info. */
export function showsRowMenu(row: Pick<QuickPayDto, "enabled" | "paymentInfo">): boolean {
  return row.enabled && !row.paymentInfo;
}

/** The hosted payment page of a zLink: `{payments origin}/?p={hashedId}`. */
export function hostedPayLink(paymentsOrigin: string, hashedId: string): string {
  return `${paymentsOrigin.replace(/\/+$/, "")}/?p=${encodeURIComponent(hashedId)}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The embed snippet of the instructions: a self-contained button linking to the hosted page. */
export function embedSnippet(pageLink: string, label: string): string {
  const style =
    "display:inline-block;padding:10px 20px;border-radius:8px;background:#4f46e5;color:#fff;font:600 16px/1.2 system-ui,sans-serif;text-decoration:none";
  return `<a href="${escapeHtml(pageLink)}" target="_blank" rel="noopener" style="${style}">${escapeHtml(label || ZLINK_DEFAULT_LABEL)}</a>`;
}

export type ShareNetwork = "x" | "facebook" | "linkedin";

/** Plain share addresses (no SDKs) for the three networks the instructions offer. */
export function shareUrl(network: ShareNetwork, pageLink: string, text: string): string {
  const url = encodeURIComponent(pageLink);
  switch (network) {
    case "x":
      return `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
  }
}
