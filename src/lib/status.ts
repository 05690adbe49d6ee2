/**
 * Status chip readings (SPEC §4), kept free of React so the server, tables and tests share them.
 * Each reading returns an i18n key in the "ui" namespace plus the chip colour.
 */

/** The five chip colours; `error` is drawn with the destructive token. */
export const STATUS_COLORS = ["primary", "secondary", "warning", "error", "info"] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];

/** What a chip shows: `labelKey` is translated with `labelValues` (only set for unknown statuses). */
export interface StatusDisplay {
  labelKey: string;
  color: StatusColor;
  labelValues?: Record<string, string>;
}

/** The payment fields reading 1 looks at (a product's paymentInfo, or a transaction itself). */
export interface PaymentStatusFields {
  status?: string | null;
  failedAt?: string | Date | null;
  validatedAt?: string | Date | null;
  paidAt?: string | Date | null;
  refundedAt?: string | Date | null;
  /** What arrived so far (base units as integer text): an initiated payment with some in is partly paid. */
  recievedAmount?: { value: string } | null;
}

/** A zLink / zRequest row: `enabled` false marks a permanently disabled link. */
export interface PaymentRowStatusInput {
  enabled?: boolean | null;
  paymentInfo?: PaymentStatusFields | null;
}

const key = (name: string) => `primitives.status.${name}`;

const READING_1 = {
  failed: { labelKey: key("failed"), color: "error" },
  initiated: { labelKey: key("initiated"), color: "info" },
  partlyPaid: { labelKey: key("partlyPaid"), color: "warning" },
  completed: { labelKey: key("completed"), color: "primary" },
  verifying: { labelKey: key("verifying"), color: "warning" },
  refunded: { labelKey: key("refunded"), color: "secondary" },
  pending: { labelKey: key("pending"), color: "info" },
  disabled: { labelKey: key("disabled"), color: "error" },
} as const satisfies Record<string, StatusDisplay>;

/** The reading-1 states, in the order the chip checks them. */
export type PaymentChipState = keyof typeof READING_1;

/**
 * Reading 1 on payment fields alone, first match wins: failed (failedAt or status failed),
 * initiated (Partly paid when some money is already in: less than asked, still open), Completed (validated/validatedAt), Verifying (paid/paidAt), Refunded, else Pending.
 */
export function paymentChipState(payment: PaymentStatusFields | null | undefined): Exclude<PaymentChipState, "disabled"> {
  if (!payment) return "pending";
  const status = payment.status?.toLowerCase();
  if (payment.failedAt || status === "failed") return "failed";
  if (status === "initiated") return isSomething(payment.recievedAmount?.value) ? "partlyPaid" : "initiated";
  if (status === "validated" || payment.validatedAt) return "completed";
  if (status === "paid" || payment.paidAt) return "verifying";
  if (status === "refunded" || payment.refundedAt) return "refunded";
  return "pending";
}

const isSomething = (units: string | undefined) => units !== undefined && /^\d+$/.test(units) && BigInt(units) > 0n;

/**
 * Reading 1 for a zLink / zRequest row. SPEC §4: a disabled item (enabled false) shows Disabled,
 * whatever its payment (the payment itself stays in the row's details and the transaction log).
 */
export function paymentRowChipState(row: PaymentRowStatusInput): PaymentChipState {
  return row.enabled === false ? "disabled" : paymentChipState(row.paymentInfo);
}

/** Chip label key and colour for a zLink / zRequest row (SPEC §4 reading 1). */
export function paymentRowStatus(row: PaymentRowStatusInput): StatusDisplay {
  return READING_1[paymentRowChipState(row)];
}

/** Chip label key and colour for bare payment fields, e.g. a transaction (SPEC §4 reading 1). */
export function paymentStatus(payment: PaymentStatusFields | null | undefined): StatusDisplay {
  return READING_1[paymentChipState(payment)];
}

/** Every reading-1 chip, for legends and stories. */
export const PAYMENT_CHIP_STATES: Readonly<Record<PaymentChipState, StatusDisplay>> = READING_1;

const READING_2: Record<string, StatusDisplay> = {
  ACTIVE: { labelKey: key("active"), color: "secondary" },
  DRAFT: { labelKey: key("draft"), color: "warning" },
  PAID: { labelKey: key("paid"), color: "primary" },
  CANCELLED: { labelKey: key("cancelled"), color: "error" },
  DISABLED: { labelKey: key("disabled"), color: "error" },
  INIT: { labelKey: key("pending"), color: "info" },
};

/** Bill / invoice statuses the chip knows by name (SPEC §4 reading 2). */
export const BILL_STATUSES = Object.keys(READING_2) as readonly string[];

/**
 * Chip for a bill / invoice status (SPEC §4 reading 2). INIT and a missing status read Pending;
 * any other status keeps its own name (title-cased) in the info colour.
 */
export function billStatus(status: string | null | undefined): StatusDisplay {
  const code = status?.trim().toUpperCase() ?? "";
  if (!code) return READING_2.INIT;
  const known = READING_2[code];
  if (known) return known;
  const words = code.split(/[_\s-]+/).filter(Boolean);
  const label = words.map((w) => w[0] + w.slice(1).toLowerCase()).join(" ");
  return { labelKey: key("other"), color: "info", labelValues: { status: label } };
}
