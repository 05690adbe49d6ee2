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
    throw new StoryApiError(400, "customer_exists", INVOICE_NOTICES.customerExists);
  }
  return values;
}

export const invoiceHandlers = [
  route("get", "/api/v1/customers", ({ request }) => (requireMerchant(request), { data: invoiceStore.customers })),
  route("post", "/api/v1/customers", (info) => {
    const merchant = requireMerchant(info.request);
    const customer: CustomerDto = { _id: storyServer.newId("c-"), ...validCustomer(info), merchant: merchant._id };
    invoiceStore.customers.unshift(customer);
    return HttpResponse.json({ data: customer }, { status: 201 });
  }),
  route("put", "/api/v1/customers/:id", (info) => {
    requireMerchant(info.request);
    const customer = invoiceStore.customers.find((c) => c._id === info.params.id);
    if (!customer) throw notFound("Customer");
    Object.assign(customer, validCustomer(info, customer._id));
    return { data: customer };
  }),
  route("delete", "/api/v1/customers/:id", ({ request, params }) => {
    requireMerchant(request);
    const index = invoiceStore.customers.findIndex((c) => c._id === params.id);
    if (index < 0) throw notFound("Customer");
    invoiceStore.customers.splice(index, 1);
    return { success: true };
  }),

  route("get", "/api/bills", ({ request }) => (requireMerchant(request), { data: invoiceStore.bills })),
  route("post", "/api/bills", ({ request, body }) => {
    requireMerchant(request);
    const input = validInvoice(body, true);
    const id = storyServer.newId("bill-");
    const bill = storyBill(storyInvoice(input, { _id: id, hashedId: `New${id}`, kind: "bill", createdAt: STORY_NOW, customers: invoiceStore.customers }));
    invoiceStore.bills.unshift(bill);
    return HttpResponse.json({ data: bill }, { status: 201 });
  }),
  route("put", "/api/bills/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const index = invoiceStore.bills.findIndex((b) => b._id === params.id);
    if (index < 0) throw notFound("Bill");
    const old = invoiceStore.bills[index];
    const input = validInvoice(body, true);
    invoiceStore.bills[index] = storyBill(storyInvoice(input, { _id: old._id, hashedId: old.hashedId, kind: "bill", createdAt: old.createdAt, customers: invoiceStore.customers }));
    return { data: invoiceStore.bills[index] };
  }),
  route("post", "/api/bills/:id/disable", ({ request, params }) => {
    requireMerchant(request);
    const bill = invoiceStore.bills.find((b) => b._id === params.id);
    if (!bill) throw notFound("Bill");
    Object.assign(bill, { enabled: false, status: "DISABLED" });
    Object.assign(bill.invoice, { enabled: false, status: "DISABLED" });
    return { data: bill };
  }),

  route("get", "/api/v1/invoices", ({ request }) => (requireMerchant(request), { data: invoiceStore.invoices })),
  route("post", "/api/v1/invoices", ({ request, body }) => {
    requireMerchant(request);
    const input = validInvoice(body, false);
    const id = storyServer.newId("inv-");
    const invoice = storyInvoice(input, { _id: id, hashedId: `New${id}`, kind: "invoice", createdAt: STORY_NOW, customers: invoiceStore.customers });
    invoiceStore.invoices.unshift(invoice);
    return HttpResponse.json({ data: invoice }, { status: 201 });
  }),
  route("put", "/api/v1/invoices/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const index = invoiceStore.invoices.findIndex((i) => i._id === params.id);
    if (index < 0) throw notFound("Invoice");
    const old = invoiceStore.invoices[index];
    const input = validInvoice(body, false);
    invoiceStore.invoices[index] = storyInvoice(input, { _id: old._id, hashedId: old.hashedId, kind: "invoice", createdAt: old.createdAt, customers: invoiceStore.customers });
    return { data: invoiceStore.invoices[index] };
  }),
  route("post", "/api/v1/invoices/:id/cancel", ({ request, params }) => {
    requireMerchant(request);
    const invoice = invoiceStore.invoices.find((i) => i._id === params.id);
    if (!invoice) throw notFound("Invoice");
    invoice.status = "CANCELLED";
    return { data: invoice };
  }),
];
