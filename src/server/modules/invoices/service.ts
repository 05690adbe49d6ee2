import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Inclusion, InvoiceInput, InvoiceLayout, InvoiceStatus } from "@/lib/invoice";
import { DEFAULT_BUTTON_LABEL, INVOICE_NUMBER_PREFIX, isLegalInclusion } from "@/lib/invoice";
import { invoiceIssues, withAtLeastOneLine } from "@/lib/invoice-form";
import { invoiceTotal } from "@/lib/invoice-math";
import { isTokenCurrency } from "@/lib/zlink";
import { isUuid } from "@/lib/uuid";
import type { Db } from "../../db/client";
import { invoices, payableLinks, transactions, type InvoiceRow, type TransactionRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { isUniqueViolation } from "../../db/unique-violation";
import { newHashedId, registerPayableLink } from "../../payments/payable-links";
import { markOnboarded } from "../merchants";
import { findOwnCustomer } from "../customers";

/**
 * One service for both kinds of invoice (SPEC §3): zInvoice (`/bills`, kind `bill`) and the v1
 * invoices API (kind `invoice`). The server computes the totals from the lines at every save and
 * never takes a price from the client.
 *
 * Status rules:
 * - a new invoice is ACTIVE (payable); a validated payment turns it PAID (`onPaid` in payable.ts, run by payments/product-paid.ts);
 * - it may be changed only while ACTIVE or DRAFT, enabled, and with no payment seen (paid or validated);
 * - disabling a bill is for good: enabled false, status DISABLED;
 * - deleting a v1 invoice: one that a payer has started paying (any transaction) is CANCELLED and
 *   kept for the record; one nobody tried to pay is deleted with its public link; a PAID one stays.
 */
export type InvoiceKind = "bill" | "invoice";

/** A save, validated and normalised (decimal text trimmed, line currencies = the invoice's). */
export interface InvoiceSave {
  label: string;
  invoiceNumber: string | null;
  layout: InvoiceLayout;
  issuedOn: string;
  paymentDueOn: string;
  client: string;
  currency: string;
  invoiceInclusions: Inclusion[];
  notes: string;
  invoiceFrom: { title: string; subtext: string } | null;
}

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** A line with only its layout's fields, trimmed, priced in the invoice's currency. */
function normaliseLine(line: Inclusion, layout: InvoiceLayout, currency: string): Inclusion {
  const money = (m: { value?: unknown } | undefined) => ({ currency, value: trimmed(m?.value) });
  if (layout === "LEGAL" && isLegalInclusion(line)) {
    return {
      particulars: trimmed(line.particulars),
      quantity: trimmed(line.quantity),
      professionalFees: money(line.professionalFees),
      officialFees: money(line.officialFees),
      vat: money(line.vat),
    };
  }
  const d = line as Extract<Inclusion, { description: string }>;
  return { description: trimmed(d.description), quantity: trimmed(d.quantity), unitPrice: money(d.unitPrice), taxPercent: trimmed(d.taxPercent) };
}

/**
 * Checks a body with the form's own schema (SPEC §5) and normalises it.
 * @throws {ApiError} 400 `invalid_request` with one issue per field.
 */
export async function validateInvoiceBody(
  body: Partial<InvoiceInput>,
  options: { requireLabel: boolean; currencies?: readonly string[] },
): Promise<InvoiceSave> {
  const layout: InvoiceLayout = body.layout === "LEGAL" ? "LEGAL" : body.layout === undefined ? "DEFAULT" : body.layout;
  const values = {
    label: body.label ?? "",
    invoiceNumber: body.invoiceNumber ?? "",
    layout,
    issuedOn: body.issuedOn ?? "",
    paymentDueOn: body.paymentDueOn ?? "",
    client: body.client ?? "",
    currency: body.currency ?? "",
    invoiceInclusions: Array.isArray(body.invoiceInclusions) ? body.invoiceInclusions : [],
    notes: body.notes ?? "",
  };
  const issues = await invoiceIssues(values, options);
  if (issues.length > 0) throw new ApiError(400, "invalid_request", issues[0].message, issues);
  const from = body.invoiceFrom;
  return {
    label: values.label.trim() || DEFAULT_BUTTON_LABEL,
    invoiceNumber: values.invoiceNumber.trim() || null,
    layout,
    issuedOn: values.issuedOn.trim(),
    paymentDueOn: values.paymentDueOn.trim(),
    client: values.client.trim(),
    currency: values.currency.trim(),
    invoiceInclusions: withAtLeastOneLine({ layout, currency: values.currency, invoiceInclusions: values.invoiceInclusions }).invoiceInclusions.map((l) =>
      normaliseLine(l, layout, values.currency.trim()),
    ),
    notes: values.notes.trim(),
    invoiceFrom: from && (trimmed(from.title) || trimmed(from.subtext)) ? { title: trimmed(from.title).slice(0, 200), subtext: trimmed(from.subtext).slice(0, 500) } : null,
  };
}

export async function listInvoices(db: Db, userId: string, kind: InvoiceKind): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.kind, kind)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/**
 * One of the merchant's invoices of this kind; another merchant's, another kind's, or an id that
 * is not one answers the same 404.
 * @throws {ApiError} 404.
 */
export async function findOwnInvoice(db: Db, userId: string, kind: InvoiceKind, id: string): Promise<InvoiceRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.userId, userId), eq(invoices.kind, kind)))
    : [];
  if (!row) throw new ApiError(404, "not_found", kind === "bill" ? "Bill not found" : "Invoice not found");
  return row;
}

/** The edit key (`_key`): changes on every save, so a stale edit or disable is refused. */
export function invoiceEditKey(row: Pick<InvoiceRow, "version">): string {
  return String(row.version);
}

/** The next ZSH number of a merchant: ZSH + the highest sequence used so far + 1, six digits at least. */
async function nextNumber(db: Pick<Db, "select">, userId: string): Promise<string> {
  const pattern = `^${INVOICE_NUMBER_PREFIX}[0-9]{1,15}$`;
  const [row] = await db
    .select({ max: sql<string | null>`max(substring(${invoices.number} from ${INVOICE_NUMBER_PREFIX.length + 1}::int)::bigint)::text` })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), sql`${invoices.number} ~ ${pattern}`));
  const next = BigInt(row?.max ?? "0") + 1n;
  return `${INVOICE_NUMBER_PREFIX}${next.toString().padStart(6, "0")}`;
}

/** The payee frozen into the invoice (`bill_to`), so a later edit of the payee does not rewrite it. */
async function billTo(db: Db, userId: string, clientId: string) {
  let customer;
  try {
    customer = await findOwnCustomer(db, userId, clientId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw new ApiError(400, "invalid_request", "Customer not found", [{ path: "client", message: "Customer not found" }]);
    }
    throw err;
  }
  return {
    customerId: customer.id,
    billTo: {
      _id: customer.id,
      name: customer.name,
      email: customer.email,
      address: customer.address,
      ...(customer.organisation ? { organisation: customer.organisation } : {}),
      ...(customer.pin ? { pin: customer.pin } : {}),
      ...(customer.city ? { city: customer.city } : {}),
      ...(customer.state ? { state: customer.state } : {}),
      ...(customer.country ? { country: customer.country } : {}),
    },
  };
}

const numberTaken = () =>
  new ApiError(409, "invoice_number_taken", "This invoice number is already used", [{ path: "invoiceNumber", message: "This invoice number is already used" }]);

async function storedFields(db: Db, userId: string, input: InvoiceSave) {
  return {
    label: input.label,
    layout: input.layout,
    issuedOn: input.issuedOn,
    paymentDueOn: input.paymentDueOn,
    ...(await billTo(db, userId, input.client)),
    currency: input.currency,
    useFiat: !isTokenCurrency(input.currency),
    inclusions: input.invoiceInclusions as unknown[],
    totalCents: invoiceTotal(input.invoiceInclusions).totalAmount,
    notes: input.notes,
    invoiceFrom: input.invoiceFrom,
  };
}

/**
 * Saves a new ACTIVE invoice with a fresh public id; numbers it ZSH + the next sequence unless
 * the merchant typed one. Two saves racing for the same number: the unique index refuses one,
 * which takes the next number (a few tries). The first save marks the merchant onboarded.
 * @throws {ApiError} 400 bad payee, 409 `invoice_number_taken` for a typed number already used.
 */
export async function createInvoice(db: Db, user: Pick<UserRow, "id">, kind: InvoiceKind, input: InvoiceSave): Promise<InvoiceRow> {
  const fields = await storedFields(db, user.id, input);
  for (let attempt = 0; ; attempt++) {
    const number = input.invoiceNumber ?? (await nextNumber(db, user.id));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(invoices)
          .values({ ...fields, userId: user.id, kind, number, hashedId: newHashedId(), status: "ACTIVE" })
          .returning();
        await registerPayableLink(tx, { hashedId: row.hashedId, productType: kind, productId: row.id, userId: user.id });
        await markOnboarded(tx, user.id);
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (input.invoiceNumber !== null) throw numberTaken();
      if (attempt >= 4) throw new ApiError(409, "conflict", "Too many invoices saved at once. Please try again");
    }
  }
}

/** Whether a payer has paid (on chain or validated) this invoice. */
async function hasPayment(db: Db, row: InvoiceRow, statuses: TransactionRow["status"][]): Promise<boolean> {
  const [found] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.productType, row.kind), eq(transactions.productId, row.id), inArray(transactions.status, statuses)))
    .limit(1);
  return Boolean(found);
}

const EDITABLE: readonly InvoiceStatus[] = ["ACTIVE", "DRAFT"];

/** @throws {ApiError} 409 when the invoice can no longer change (disabled, paid, cancelled, a payment on its way) or `key` is stale. */
async function assertEditable(db: Db, row: InvoiceRow, key: string | undefined): Promise<void> {
  const what = row.kind === "bill" ? "bill" : "invoice";
  if (!row.enabled || !EDITABLE.includes(row.status)) {
    throw new ApiError(409, "invoice_locked", `This ${what} is ${row.status.toLowerCase()} and can no longer be changed`);
  }
  if (key !== undefined && key !== invoiceEditKey(row)) throw new ApiError(409, "stale_key", `This ${what} was changed elsewhere. Reload it and try again`);
  if (await hasPayment(db, row, ["paid", "validated"])) throw new ApiError(409, "invoice_paid", `This ${what} has a payment and can no longer be changed`);
}

/**
 * Saves new fields (totals recomputed, payee frozen again); the number stays unless a new one is typed.
 * @throws {ApiError} 409 see `assertEditable`, or `invoice_number_taken`.
 */
export async function updateInvoice(db: Db, user: Pick<UserRow, "id">, row: InvoiceRow, input: InvoiceSave, key?: string, now = new Date()): Promise<InvoiceRow> {
  await assertEditable(db, row, key);
  const fields = await storedFields(db, user.id, input);
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(invoices)
        .set({ ...fields, number: input.invoiceNumber ?? row.number, version: sql`${invoices.version} + 1`, updatedAt: now })
        .where(and(eq(invoices.id, row.id), eq(invoices.userId, user.id), eq(invoices.version, row.version), inArray(invoices.status, [...EDITABLE])))
        .returning();
      if (!updated) throw new ApiError(409, "stale_key", "This invoice was changed elsewhere. Reload it and try again");
      await markOnboarded(tx, user.id);
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw numberTaken();
    throw err;
  }
}

/**
 * Disables a bill for good (SPEC §4): enabled false and status DISABLED; its links stop working.
 * @throws {ApiError} 409 already disabled, paid or cancelled, or stale `key`.
 */
export async function disableInvoice(db: Db, row: InvoiceRow, key: string, now = new Date()): Promise<InvoiceRow> {
  if (!row.enabled || !EDITABLE.includes(row.status)) throw new ApiError(409, "invoice_locked", `This bill is ${row.status.toLowerCase()} and can no longer be changed`);
  if (key !== invoiceEditKey(row)) throw new ApiError(409, "stale_key", "This bill was changed elsewhere. Reload it and try again");
  const [updated] = await db
    .update(invoices)
    .set({ enabled: false, status: "DISABLED", disabledAt: now, updatedAt: now, version: sql`${invoices.version} + 1` })
    .where(and(eq(invoices.id, row.id), eq(invoices.userId, row.userId), eq(invoices.version, row.version), inArray(invoices.status, [...EDITABLE])))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", "This bill was changed elsewhere. Reload it and try again");
  return updated;
}

/**
 * DELETE of a v1 invoice: CANCELLED (kept, no longer payable) once any payment was started for it,
 * else deleted with its public link. A PAID invoice is neither.
 * @throws {ApiError} 409 `invoice_paid`.
 */
export async function cancelOrDeleteInvoice(db: Db, row: InvoiceRow, now = new Date()): Promise<{ deleted: boolean; row: InvoiceRow }> {
  if (row.status === "PAID" || (await hasPayment(db, row, ["paid", "validated"]))) {
    throw new ApiError(409, "invoice_paid", "This invoice is paid and can't be cancelled");
  }
  if (row.status === "CANCELLED") return { deleted: false, row };
  if (await hasPayment(db, row, ["initiated", "failed"])) {
    const [cancelled] = await db
      .update(invoices)
      .set({ status: "CANCELLED", enabled: false, disabledAt: now, updatedAt: now, version: sql`${invoices.version} + 1` })
      .where(and(eq(invoices.id, row.id), eq(invoices.userId, row.userId)))
      .returning();
    return { deleted: false, row: cancelled };
  }
  await db.transaction(async (tx) => {
    await tx.delete(payableLinks).where(and(eq(payableLinks.productType, row.kind), eq(payableLinks.productId, row.id)));
    await tx.delete(invoices).where(and(eq(invoices.id, row.id), eq(invoices.userId, row.userId)));
  });
  return { deleted: true, row };
}

/** An invoice by its public id, of either kind, with nothing about whether it may be paid. */
export async function findInvoiceByHashedId(db: Db, hashedId: string): Promise<InvoiceRow | undefined> {
  if (!hashedId || hashedId.length > 64) return undefined;
  const [row] = await db.select().from(invoices).where(eq(invoices.hashedId, hashedId));
  return row;
}
