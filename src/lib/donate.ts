import * as yup from "yup";
import { parseBaseUnits } from "./money";
import { MINIMUM_AMOUNT } from "./pay-api";
import type { AmountDto, PaymentInfoDto } from "./transaction-details";
import { ZLINK_LIMITS, ZLINK_MESSAGES, isTokenCurrency, isWebsiteUrl, parsePriceText, priceDecimals } from "./zlink";

/**
 * Donations (SPEC entity `donates`): the form's validation schema (used again by the server), the
 * payer's amount rules, and the DTOs both sides agree on. Currencies and the website follow zLink.
 */

/** A donation page suggests 1 to 6 amounts. */
export const DONATE_MAX_SUGGESTED = 6;
/** The most one donation may be (a sanity cap against typos), in the page's currency. */
export const DONATE_MAX_AMOUNT = "1000000";

/** Texts (English); the form passes translated ones, the server uses these. */
export const DONATE_MESSAGES = {
  labelRequired: ZLINK_MESSAGES.labelRequired,
  labelTooLong: ZLINK_MESSAGES.labelTooLong,
  descTooLong: ZLINK_MESSAGES.descTooLong,
  siteInvalid: ZLINK_MESSAGES.siteInvalid,
  currencyInvalid: ZLINK_MESSAGES.currencyInvalid,
  amountsRequired: "Add at least one suggested amount",
  amountsTooMany: "Suggest at most 6 amounts",
  amountRequired: "Please add an amount",
  amountInvalid: "Invalid amount",
  amountMinimum: "Amount must be at least 0.1",
  amountMaximum: "Amount can be at most 1,000,000",
  amountDecimals: ZLINK_MESSAGES.priceDecimals,
  amountDuplicate: "This amount is already suggested",
} as const;
export type DonateMessages = Record<keyof typeof DONATE_MESSAGES, string>;

/** What the payer is told at start (`POST /api/pay/{id}/start` of a donation page). */
export const DONATION_START_MESSAGES = {
  chooseAmount: "Please choose an amount",
  amountMinimum: DONATE_MESSAGES.amountMinimum,
  amountMaximum: DONATE_MESSAGES.amountMaximum,
  amountInvalid: DONATE_MESSAGES.amountInvalid,
  amountDecimals: DONATE_MESSAGES.amountDecimals,
} as const;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

const fractionDigits = (decimal: string) => decimal.split(".")[1]?.length ?? 0;

/** Compares two non-negative canonical decimals exactly. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = parseBaseUnits(a, scale);
  const y = parseBaseUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Why an amount typed in `currency` is not a valid donation (or suggestion), or undefined when it is. */
export type AmountProblem = "amountRequired" | "amountInvalid" | "amountMinimum" | "amountMaximum" | "amountDecimals";

export function donationAmountProblem(text: string | null | undefined, currency: string): AmountProblem | undefined {
  if (text === null || text === undefined || !String(text).trim()) return "amountRequired";
  const canonical = parsePriceText(String(text));
  if (canonical === undefined) return "amountInvalid";
  if (canonical.startsWith("-") || compareDecimal(canonical, MINIMUM_AMOUNT) < 0) return "amountMinimum";
  if (compareDecimal(canonical, DONATE_MAX_AMOUNT) > 0) return "amountMaximum";
  if (fractionDigits(canonical) > priceDecimals(currency)) return "amountDecimals";
  return undefined;
}

/** The message of a problem, with the currency's decimals filled in. */
export function amountProblemMessage(problem: AmountProblem, currency: string, messages: Pick<DonateMessages, AmountProblem>): string {
  return fill(messages[problem], { count: priceDecimals(currency), currency });
}

export interface DonateSchemaOptions {
  messages?: DonateMessages;
  /** Shown in the website message's example, e.g. the app's own origin. */
  exampleHost?: string;
  /** Currencies the merchant may choose (`zlinkCurrencies`). */
  currencies: readonly string[];
}

/** What the form holds (all text, as typed). */
export interface DonateFormValues {
  label: string;
  desc: string;
  site: string;
  currency: string;
  suggestedAmounts: string[];
}

const indexOfPath = (path: string | undefined) => Number(/\[(\d+)\]$/.exec(path ?? "")?.[1] ?? -1);

/**
 * Donation page rules: title required; currency from zLink's list; 1..6 suggested amounts, each at
 * least 0.1, at most the cap, within the currency's decimals and not repeated; description
 * optional; website a URL when given (like zLink).
 */
export function donateSchema({ messages = DONATE_MESSAGES, exampleHost = "https://example.com", currencies }: DonateSchemaOptions) {
  const siteMessage = fill(messages.siteInvalid, { host: exampleHost });
  return yup.object({
    label: yup.string().trim().required(messages.labelRequired).max(ZLINK_LIMITS.label, messages.labelTooLong),
    desc: yup.string().trim().max(ZLINK_LIMITS.desc, messages.descTooLong).default(""),
    site: yup
      .string()
      .trim()
      .default("")
      .max(ZLINK_LIMITS.site, siteMessage)
      .test("url", siteMessage, (v) => !v || isWebsiteUrl(v)),
    currency: yup.string().required(messages.currencyInvalid).oneOf([...currencies], messages.currencyInvalid),
    suggestedAmounts: yup
      .array()
      .of(
        yup
          .string()
          .default("")
          .test("amount", function (v) {
            const form = (this.from ?? []).find((f) => f.value && typeof f.value === "object" && "currency" in f.value);
            const currency = String(form?.value.currency ?? "");
            const problem = donationAmountProblem(v, currency);
            if (problem) return this.createError({ message: amountProblemMessage(problem, currency, messages) });
            const list = (this.parent ?? []) as string[];
            const index = indexOfPath(this.path);
            const canonical = parsePriceText(v ?? "");
            const earlier = list.slice(0, index).some((other) => parsePriceText(other) === canonical);
            return earlier ? this.createError({ message: messages.amountDuplicate }) : true;
          }),
      )
      .required(messages.amountsRequired)
      .min(1, messages.amountsRequired)
      .max(DONATE_MAX_SUGGESTED, messages.amountsTooMany),
  });
}

/** A donation page as stored, from valid form values. */
export interface DonateInput {
  label: string;
  desc: string;
  site: string | null;
  currency: string;
  useFiat: boolean;
  /** Canonical decimal texts ("5", "12.5"), in the merchant's order. */
  suggestedAmounts: string[];
}

/** Normalises values the schema accepted. @throws RangeError when an amount is not a number. */
export function toDonateInput(values: DonateFormValues): DonateInput {
  return {
    label: values.label.trim(),
    desc: values.desc.trim(),
    site: values.site.trim() || null,
    currency: values.currency,
    useFiat: !isTokenCurrency(values.currency),
    suggestedAmounts: values.suggestedAmounts.map((text) => {
      const canonical = parsePriceText(text);
      if (canonical === undefined) throw new RangeError(`"${text}" is not an amount`);
      return canonical;
    }),
  };
}

/** What a page raised in one token: base units as integer text. */
export interface RaisedDto {
  token: string;
  decimals: number;
  value: string;
}

/** A donation page as the merchant API returns it (`GET /api/donates`). */
export interface DonateDto {
  _id: string;
  /** Public id in the hosted link (`?p=`); the Order ID column shows it. */
  hashedId: string;
  user: string;
  label: string;
  desc: string;
  site: string | null;
  currency: string;
  useFiat: boolean;
  /** Decimal texts in `currency`. */
  suggestedAmounts: string[];
  userCurrency: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** API path to read the page for editing; null once disabled. */
  updateUrl: string | null;
  /** Validated donations. */
  donationsCount: number;
  /** Sum of the validated donations, per token received. */
  raised: RaisedDto[];
}

/** One donation of a page (`GET /api/donates/{id}/donations`). */
export interface DonationDto {
  /** The transaction's internal id. */
  _id: string;
  /** When it was seen on chain (validated, else paid, else started). */
  date: string;
  /** What the payer chose, in the page's currency. */
  price: string;
  currency: string;
  /** What arrived (or was requested), in the token paid. */
  amount: AmountDto;
  donorName: string | null;
  message: string | null;
  status: PaymentInfoDto["status"];
  paymentInfo: PaymentInfoDto;
}

export interface DonationsPage {
  data: DonationDto[];
  total: number;
  page: number;
  limit: number;
}
