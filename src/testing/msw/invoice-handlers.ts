/**
 * The story server's payee, zInvoice and v1 invoice routes (src/server/modules/{customers,bills,
 * invoices}): validated with the shared invoice rules (src/lib/invoice-form.ts), totals from
 * invoice-math.ts, 'Customer already exists for this email address.' for a taken e-mail.
 * Its memory starts from `parameters.serverData.invoices` and resets with the story server.
 */
import { HttpResponse } from "msw";
import type { BillDto, CustomerDto, InvoiceDto, InvoiceInput } from "@/lib/invoice";
import { ValidationError } from "yup";
import { INVOICE_NOTICES, customerSchema, invoiceSchema } from "@/lib/invoice-form";
import { requireMerchant } from "./auth-handlers";
import { STORY_NOW } from "./fixtures";
import { storyBill, storyInvoice } from "./invoice-fixtures";
import { route, StoryApiError, type RouteInfo } from "./respond";
import { storyServer, type StoryServerData } from "./store";

/** What a story starts the invoice routes with (`parameters.serverData.invoices`). */
export interface StoryInvoiceData {
  customers?: CustomerDto[];
  bills?: BillDto[];
  invoices?: InvoiceDto[];
}

declare module "./store" {
  interface StoryServerData {
    invoices?: StoryInvoiceData;
  }
}

/** The invoice routes' memory, copied from the story's data on every story-server reset. */
export const invoiceStore = { customers: [] as CustomerDto[], bills: [] as BillDto[], invoices: [] as InvoiceDto[] };

const baseReset = storyServer.reset.bind(storyServer);
storyServer.reset = (data: StoryServerData = {}) => {
  baseReset(data);
  invoiceStore.customers = structuredClone(data.invoices?.customers ?? []);
  invoiceStore.bills = structuredClone(data.invoices?.bills ?? []);
  invoiceStore.invoices = structuredClone(data.invoices?.invoices ?? []);
};

const notFound = (what: string) => new StoryApiError(404, "not_found", `${what} not found`);

function findBill(id: string): BillDto {
  const bill = invoiceStore.bills.find((b) => b._id === id);
  if (!bill) throw notFound("Bill");
  return bill;
}

/** Edits and disables need an ACTIVE, enabled bill and, when given, its current edit key. */
function assertEditable(bill: BillDto, key: unknown): void {
  if (!bill.enabled || (bill.status !== "ACTIVE" && bill.status !== "DRAFT")) throw new StoryApiError(409, "invoice_locked", "This bill can no longer be changed");
  if (key !== undefined && key !== storyServer.editKey(bill._id)) throw new StoryApiError(409, "stale_key", "This bill was changed elsewhere. Reload it and try again");
}

/** A bill body's invoice: `desc` is JSON text; the bill's own label and currency win (as the server reads it). */
function billInput(body: Record<string, unknown>): Record<string, unknown> {
  let desc: unknown;
  try {
    desc = JSON.parse(String(body.desc ?? ""));
  } catch {
    desc = undefined;
  }
  if (!desc || typeof desc !== "object") throw new StoryApiError(400, "invalid_request", "The bill's invoice (desc) is not valid JSON", [{ path: "desc", message: "Invalid JSON" }]);
  return { ...(desc as Record<string, unknown>), label: body.label, currency: body.currency ?? (desc as Record<string, unknown>).currency };
}

/** The schema's problems as the server's 400 `{ message, code, issues }`. */
function refused(err: unknown): never {
  if (!(err instanceof ValidationError)) throw err;
  const issues = (err.inner.length ? err.inner : [err]).map((e) => ({ path: e.path ?? "", message: e.message }));
  throw new StoryApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
}

function validInvoice(body: Record<string, unknown>, requireLabel: boolean): InvoiceInput & { label: string } {
  try {
    invoiceSchema({ requireLabel }).validateSync(body, { abortEarly: false });
  } catch (err) {
    refused(err);
  }
  if (!invoiceStore.customers.some((c) => c._id === body.client)) throw new StoryApiError(400, "invalid_request", "Required", [{ path: "client", message: "Required" }]);
  const input = body as unknown as InvoiceInput;
  return { ...input, label: input.label?.trim() || "Pay Now" };
}

function validCustomer({ body }: RouteInfo, ownId?: string): Omit<CustomerDto, "_id" | "merchant"> {
  let values: Omit<CustomerDto, "_id" | "merchant">;
  try {
    values = customerSchema().validateSync(body, { abortEarly: false, stripUnknown: true }) as typeof values;
  } catch (err) {
    refused(err);
  }
  if (invoiceStore.customers.some((c) => c.email.toLowerCase() === values.email.toLowerCase() && c._id !== ownId)) {
    throw new StoryApiError(400, "customer_exists", INVOICE_NOTICES.customerExists, [{ path: "email", message: INVOICE_NOTICES.customerExists }]);
  }
  return values;
}

export const invoiceHandlers = [
  route("get", "/api/v1/customers", ({ request }) => (requireMerchant(request), { data: invoiceStore.customers })),
  route("post", "/api/v1/customers", (info) => {
    const merchant = requireMerchant(info.request);
    const customer: CustomerDto = { _id: storyServer.newId("c-"), ...validCustomer(info), merchant: merchant._id };
    invoiceStore.customers.unshift(customer);
    return HttpResponse.json({ data: { customer } }, { status: 201 });
  }),
  route("put", "/api/v1/customers/:id", (info) => {
    requireMerchant(info.request);
    const customer = invoiceStore.customers.find((c) => c._id === info.params.id);
    if (!customer) throw notFound("Customer");
    Object.assign(customer, validCustomer(info, customer._id));
    return { data: { customer } };
  }),
  route("delete", "/api/v1/customers/:id", ({ request, params }) => {
    requireMerchant(request);
    const index = invoiceStore.customers.findIndex((c) => c._id === params.id);
    if (index < 0) throw notFound("Customer");
    invoiceStore.customers.splice(index, 1);
    return { success: true };
  }),

  route("get", "/api/bills", ({ request }) => (requireMerchant(request), { data: invoiceStore.bills })),
  route("post", "/api/bills/create", ({ request, body }) => {
    requireMerchant(request);
    const input = validInvoice(billInput(body), true);
    const id = storyServer.newId("bill-");
    const bill = storyBill(storyInvoice(input, { _id: id, hashedId: `New${id}`, kind: "bill", createdAt: STORY_NOW, customers: invoiceStore.customers }));
    invoiceStore.bills.unshift(bill);
    return HttpResponse.json({ data: { info: bill } }, { status: 201 });
  }),
  route("get", "/api/bills/update/:id", ({ request, params }) => {
    requireMerchant(request);
    const bill = findBill(String(params.id));
    return { data: { key: storyServer.editKey(bill._id), info: bill } };
  }),
  route("put", "/api/bills/update/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const old = findBill(String(params.id));
    assertEditable(old, body._key);
    const input = validInvoice(billInput(body), true);
    const bill = storyBill(storyInvoice(input, { _id: old._id, hashedId: old.hashedId, kind: "bill", createdAt: old.createdAt, customers: invoiceStore.customers }));
    invoiceStore.bills[invoiceStore.bills.indexOf(old)] = bill;
    storyServer.bumpEditKey(bill._id);
    return { data: { key: storyServer.editKey(bill._id), info: bill } };
  }),
  route("post", "/api/bills/disable/:id", ({ request, params, body }) => {
    requireMerchant(request);
    if (body._item_id !== params.id) throw new StoryApiError(400, "invalid_request", "The item id does not match the address");
    const bill = findBill(String(params.id));
    assertEditable(bill, body._key);
    Object.assign(bill, { enabled: false, status: "DISABLED" });
    Object.assign(bill.invoice, { enabled: false, status: "DISABLED" });
    storyServer.bumpEditKey(bill._id);
    return { success: true, data: { info: bill } };
  }),
  // After the update and disable routes, which this pattern would also match.
  route("get", "/api/bills/:user/:id", ({ request, params }) => {
    const merchant = requireMerchant(request);
    if (params.user !== merchant._id) throw notFound("Bill");
    const bill = findBill(String(params.id));
    if (!bill.enabled || bill.status !== "ACTIVE") throw new StoryApiError(409, "invoice_locked", "This bill can no longer be paid: its link no longer works");
    return { data: { page_link: bill.invoice.payUrl, invoice_link: bill.invoice.invoiceUrl, hashedId: bill.hashedId } };
  }),

  route("get", "/api/v1/invoices", ({ request }) => (requireMerchant(request), { data: invoiceStore.invoices })),
  route("post", "/api/v1/invoices", ({ request, body }) => {
    requireMerchant(request);
    const input = validInvoice(body, false);
    const id = storyServer.newId("inv-");
    const invoice = storyInvoice(input, { _id: id, hashedId: `New${id}`, kind: "invoice", createdAt: STORY_NOW, customers: invoiceStore.customers });
    invoiceStore.invoices.unshift(invoice);
    return HttpResponse.json({ data: { invoice } }, { status: 201 });
  }),
  route("put", "/api/v1/invoices/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const index = invoiceStore.invoices.findIndex((i) => i._id === params.id);
    if (index < 0) throw notFound("Invoice");
    const old = invoiceStore.invoices[index];
    if (old.status !== "ACTIVE" && old.status !== "DRAFT") throw new StoryApiError(409, "invoice_locked", "This invoice can no longer be changed");
    const input = validInvoice(body, false);
    invoiceStore.invoices[index] = storyInvoice(input, { _id: old._id, hashedId: old.hashedId, kind: "invoice", createdAt: old.createdAt, customers: invoiceStore.customers });
    return { data: { invoice: invoiceStore.invoices[index] } };
  }),
  route("delete", "/api/v1/invoices/:id", ({ request, params }) => {
    requireMerchant(request);
    const invoice = invoiceStore.invoices.find((i) => i._id === params.id);
    if (!invoice) throw notFound("Invoice");
    invoice.status = "CANCELLED";
    return { success: true, data: { deleted: false, invoice } };
  }),
];
