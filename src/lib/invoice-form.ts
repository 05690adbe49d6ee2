import * as yup from "yup";
import {
  DEFAULT_BUTTON_LABEL,
  DEFAULT_INVOICE_CURRENCY,
  DUE_AFTER_DAYS,
  INVOICE_LAYOUTS,
  type DefaultInclusion,
  type Inclusion,
  type InvoiceInput,
  type InvoiceLayout,
  type LegalInclusion,
  type CustomerInput,
} from "./invoice";
import { parseDecimal } from "./invoice-math";
import { DATE_FORMATS, fromIsoDay, plusDays, readIsoDate, writeDate } from "./dates";

/**
 * The invoice and payee forms (SPEC §5), one schema for the dialogs and the server: the SPEC
 * messages, the defaults (issued today, due a week later, one empty line) and the date helpers
 * the invoice page and the PDF share.
 */

/** SPEC §5 and §8 texts (English); the forms pass translated ones, the server answers these. */
export const INVOICE_MESSAGES = {
  labelRequired: "Please add button label",
  required: "Required",
  descriptionRequired: "Description is required",
  notNegative: "Cannot be negative number",
  notANumber: "Invalid Input for non-numbers",
  quantityRequired: "Quantity is required",
  unitPriceRequired: "Unit price is required",
  taxPercentRequired: "Tax percent is required",
  particularsRequired: "Particulars are required",
  professionalFeesRequired: "Professional fees are required",
  officialFeesRequired: "Official fees are required",
  invalidEmail: "Invalid Email Address",
  invalidDate: "Invalid date",
  tooLong: "Too long",
  currencyInvalid: "Choose a currency from the list",
} as const;
export type InvoiceMessages = Record<keyof typeof INVOICE_MESSAGES, string>;

/** SPEC §8 toasts and answers. */
export const INVOICE_NOTICES = {
  customerExists: "Customer already exists for this email address.",
  billNotSaved: "Bill not saved. Please try again later.",
  billCreated: "Bill created successfully",
  billUpdated: "Bill updated successfully",
  fetchFailed: "Cannot get Invoice. Network request failed.",
} as const;

/** Sanity caps (the server enforces them; the form shows them). */
export const INVOICE_LIMITS = { label: 100, text: 500, notes: 2000, lines: 100, number: 40, addressLines: 2 } as const;

/** Whether `text` is a real calendar date written yyyy-MM-dd. */
export function isIsoDate(text: string | undefined | null): boolean {
  return readIsoDate(text ?? "") !== null;
}

/** The calendar day of `date` where the user is (yyyy-MM-dd). */
export function localIsoDate(date: Date): string {
  return writeDate(date, DATE_FORMATS.isoDay);
}

/** yyyy-MM-dd plus `days` days. */
export function addDays(iso: string, days: number): string {
  const date = readIsoDate(iso);
  return date ? writeDate(plusDays(date, days), DATE_FORMATS.isoDay) : iso;
}

/** SPEC §9: dates on invoices read yyyy/MM/dd (anything that is not an API day is shown as it is). */
export function formatInvoiceDate(iso: string): string {
  return fromIsoDay(iso, DATE_FORMATS.invoiceDay) ?? iso;
}

/**
 * SPEC §4 'Due in' / 'Overdue by' and the distance to the due date, in `lng`. The invoice is due
 * until the end of its due day (UTC); the distance is rounded down: hours, days, months, years.
 */
export function dueDistance(paymentDueOn: string, now: Date, lng: string): { overdue: boolean; distance: string } {
  const [y, m, d] = paymentDueOn.split("-").map(Number);
  const endOfDueDay = Date.UTC(y, m - 1, d + 1);
  const ms = endOfDueDay - now.getTime();
  const overdue = ms < 0;
  const hours = Math.floor(Math.abs(ms) / 3_600_000);
  const days = Math.floor(hours / 24);
  // Like date-fns formatDistance: hours on the last day, days up to two months, then months, then years.
  const [value, unit] =
    hours < 24 ? [Math.max(hours, 1), "hour"] : days < 60 ? [days, "day"] : days < 730 ? [Math.floor(days / 30), "month"] : [Math.floor(days / 365), "year"];
  const distance = new Intl.NumberFormat(lng, { style: "unit", unit, unitDisplay: "long" }).format(value);
  return { overdue, distance };
}

export function emptyLine(layout: InvoiceLayout, currency: string = DEFAULT_INVOICE_CURRENCY): Inclusion {
  if (layout === "LEGAL") {
    return {
      particulars: "",
      quantity: "1",
      professionalFees: { currency, value: "" },
      officialFees: { currency, value: "" },
      vat: { currency, value: "" },
    } satisfies LegalInclusion;
  }
  return { description: "", quantity: "1", unitPrice: { currency, value: "" }, taxPercent: "0" } satisfies DefaultInclusion;
}

/** What the invoice form holds (InvoiceInput with every field present, all text). */
export type InvoiceFormValues = Required<Omit<InvoiceInput, "invoiceFrom" | "invoiceNumber">> & {
  invoiceNumber: string;
  invoiceFrom: { title: string; subtext: string } | null;
};

/** SPEC §5/§9 defaults: label 'Pay Now', USD, issued today, due a week later, one empty line. */
export function invoiceFormDefaults(today: Date, layout: InvoiceLayout = "DEFAULT"): InvoiceFormValues {
  const issuedOn = localIsoDate(today);
  return {
    label: DEFAULT_BUTTON_LABEL,
    invoiceNumber: "",
    layout,
    issuedOn,
    paymentDueOn: addDays(issuedOn, DUE_AFTER_DAYS),
    client: "",
    currency: DEFAULT_INVOICE_CURRENCY,
    invoiceInclusions: [emptyLine(layout)],
    notes: "",
    invoiceFrom: null,
  };
}

/** SPEC §5: "at least one line (one is added when empty)". */
export function withAtLeastOneLine<T extends { layout: InvoiceLayout; currency: string; invoiceInclusions: Inclusion[] }>(values: T): T {
  return values.invoiceInclusions.length > 0 ? values : { ...values, invoiceInclusions: [emptyLine(values.layout, values.currency)] };
}

const unsigned = (v: string) => (v.startsWith("-") ? v.slice(1).trim() : v);

/** A non-negative decimal field: required, a number, not negative (SPEC §5 messages). */
function amount(requiredMessage: string, messages: InvoiceMessages) {
  return yup
    .string()
    .trim()
    .required(requiredMessage)
    .test("number", messages.notANumber, (v) => !v || parseDecimal(unsigned(v)) !== undefined)
    .test("not-negative", messages.notNegative, (v) => !v?.startsWith("-") || parseDecimal(unsigned(v)) === undefined);
}

const money = (requiredMessage: string, messages: InvoiceMessages) =>
  yup.object({ currency: yup.string().trim().required(messages.required), value: amount(requiredMessage, messages) });

export function defaultLineSchema(messages: InvoiceMessages = INVOICE_MESSAGES) {
  return yup.object({
    description: yup.string().trim().required(messages.descriptionRequired).max(INVOICE_LIMITS.text, messages.tooLong),
    quantity: amount(messages.quantityRequired, messages),
    unitPrice: money(messages.unitPriceRequired, messages),
    taxPercent: amount(messages.taxPercentRequired, messages),
  });
}

export function legalLineSchema(messages: InvoiceMessages = INVOICE_MESSAGES) {
  return yup.object({
    particulars: yup.string().trim().required(messages.particularsRequired).max(INVOICE_LIMITS.text, messages.tooLong),
    quantity: amount(messages.quantityRequired, messages),
    professionalFees: money(messages.professionalFeesRequired, messages),
    officialFees: money(messages.officialFeesRequired, messages),
    // SPEC §5: the official fee message is reused for vat.
    vat: money(messages.officialFeesRequired, messages),
  });
}

export interface InvoiceSchemaOptions {
  messages?: InvoiceMessages;
  /** zInvoice (bill) needs a button label; a v1 invoice defaults it. */
  requireLabel?: boolean;
  /** Currencies the merchant may invoice in; any 3–5 letter code when omitted. */
  currencies?: readonly string[];
}

/**
 * SPEC §5 invoice form: label required for a bill; issuedOn, paymentDueOn, client, currency
 * required; at least one line, each checked by its layout's rules.
 */
export function invoiceSchema({ messages = INVOICE_MESSAGES, requireLabel = true, currencies }: InvoiceSchemaOptions = {}) {
  const label = yup.string().trim().max(INVOICE_LIMITS.label, messages.tooLong);
  const currency = yup.string().trim().required(messages.required);
  return yup.object({
    label: requireLabel ? label.required(messages.labelRequired) : label.default(DEFAULT_BUTTON_LABEL),
    invoiceNumber: yup.string().trim().max(INVOICE_LIMITS.number, messages.tooLong).default(""),
    layout: yup.string().oneOf([...INVOICE_LAYOUTS]).required(messages.required),
    issuedOn: yup.string().trim().required(messages.required).test("date", messages.invalidDate, (v) => !v || isIsoDate(v)),
    paymentDueOn: yup.string().trim().required(messages.required).test("date", messages.invalidDate, (v) => !v || isIsoDate(v)),
    client: yup.string().trim().required(messages.required),
    currency: currency.test("currency", messages.currencyInvalid, (v) => !v || (currencies ? currencies.includes(v) : /^[A-Z]{3,5}$/.test(v))),
    invoiceInclusions: yup
      .array()
      .required(messages.required)
      .min(1, messages.required)
      .max(INVOICE_LIMITS.lines, messages.tooLong)
      .when("layout", ([layout], lines) => (layout === "LEGAL" ? lines.of(legalLineSchema(messages)) : lines.of(defaultLineSchema(messages)))),
    notes: yup.string().trim().max(INVOICE_LIMITS.notes, messages.tooLong).default(""),
  });
}

/** Validates `values` (lines by their layout) and answers every problem as { path, message }; empty when valid. */
export async function invoiceIssues(values: unknown, options: InvoiceSchemaOptions = {}): Promise<{ path: string; message: string }[]> {
  try {
    await invoiceSchema(options).validate(values, { abortEarly: false });
    return [];
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    return (err.inner.length ? err.inner : [err]).map((e) => ({ path: e.path ?? "", message: e.message }));
  }
}

/** SPEC §5 payee form: name required; email required and valid; address two text lines. */
export function customerSchema(messages: InvoiceMessages = INVOICE_MESSAGES) {
  const optional = yup.string().trim().max(INVOICE_LIMITS.text, messages.tooLong).default("");
  return yup.object({
    name: yup.string().trim().required(messages.required).max(INVOICE_LIMITS.text, messages.tooLong),
    email: yup.string().trim().required(messages.invalidEmail).email(messages.invalidEmail).max(254, messages.invalidEmail),
    address: yup
      .array()
      .of(yup.string().trim().max(INVOICE_LIMITS.text, messages.tooLong).default(""))
      .max(INVOICE_LIMITS.addressLines, messages.tooLong)
      .default(["", ""]),
    organisation: optional,
    pin: optional,
    city: optional,
    state: optional,
    country: optional,
  });
}

/** An empty payee form (two address lines). */
export function emptyCustomer(): Required<CustomerInput> {
  return { name: "", email: "", address: ["", ""], organisation: "", pin: "", city: "", state: "", country: "" };
}
