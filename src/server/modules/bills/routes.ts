import { createRoute, z } from "@hono/zod-openapi";
import type { InvoiceInput } from "@/lib/invoice";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requireMerchant } from "../auth";
import { requirePermission } from "../../http/permissions";
import { origins } from "../../env";
import { explorerLinkFor } from "../chains";
import type { InvoiceRow } from "../../db/schema";
import { BillDto, invoiceLinks, toBillDto, withDetails, createInvoice, disableInvoice, findOwnInvoice, invoiceEditKey, listInvoices, updateInvoice, validateInvoiceBody, invoicePdfResponse } from "../invoices";

const SaveBody = z
  .object({
    label: z.string().max(1000).optional().openapi({ example: "Pay Now" }),
    price: z.union([z.string().max(64), z.number()]).optional().openapi({ description: "Ignored: the server computes the total from the lines" }),
    currency: z.string().max(16).optional().openapi({ example: "USD" }),
    userCurrency: z.string().max(16).optional().openapi({ description: "Ignored: the merchant's billing currency" }),
    desc: z.string().max(200_000).openapi({ description: "JSON text of the invoice: invoiceNumber, issuedOn, paymentDueOn, client, currency, layout, invoiceInclusions, notes (invoiceTotal is ignored)" }),
  })
  .openapi("BillSaveRequest");
const UpdateBody = SaveBody.extend({
  _item_id: z.string().max(64).optional(),
  _key: z.string().max(64).optional().openapi({ description: "Edit key from the read; a stale key is refused (409)" }),
}).openapi("BillUpdateRequest");
const DisableBody = z.object({ _item_id: z.string().max(64), _key: z.string().max(64) }).openapi("BillDisableRequest");

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The bill's `_id`" }) });
const InstructionsParams = IdParam.extend({ user: z.string().max(64).openapi({ param: { name: "user", in: "path" }, description: "The merchant's `_id`" }) });
const common = { tags: ["zInvoice"], security: [{ bearer: [] }] };
const Info = z.object({ data: z.object({ info: BillDto }) });
const InfoWithKey = z.object({ data: z.object({ key: z.string(), info: BillDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/bills",
  summary: "The merchant's zInvoices, newest first",
  responses: { 200: { description: "Bills", content: json(z.object({ data: z.array(BillDto) })) }, ...errorResponses(401, 403) },
});
const createRouteDef = createRoute({
  ...common,
  method: "post",
  path: "/bills/create",
  summary: "Create a zInvoice",
  description: "SPEC §5 rules on the invoice in `desc`. The price is the total the server computes from the lines. The first save marks the merchant onboarded.",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 201: { description: "Created ('Bill created successfully')", content: json(Info) }, ...errorResponses(400, 401, 403, 409) },
});
const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/bills/update/{id}",
  summary: "Read a zInvoice to edit it",
  request: { params: IdParam },
  responses: { 200: { description: "The bill and its edit key", content: json(InfoWithKey) }, ...errorResponses(401, 403, 404) },
});
const updateRoute = createRoute({
  ...common,
  method: "put",
  path: "/bills/update/{id}",
  summary: "Update a zInvoice",
  description: "Only while ACTIVE or DRAFT, enabled, with no payment (409 `invoice_locked`, `invoice_paid`, `stale_key`).",
  request: { params: IdParam, body: { content: json(UpdateBody), required: true } },
  responses: { 200: { description: "Updated ('Bill updated successfully')", content: json(InfoWithKey) }, ...errorResponses(400, 401, 403, 404, 409) },
});
const disableRoute = createRoute({
  ...common,
  method: "post",
  path: "/bills/disable/{id}",
  summary: "Disable a zInvoice for good",
  description: "Status DISABLED: its pay link and invoice page stop offering payment; it can't be edited again.",
  request: { params: IdParam, body: { content: json(DisableBody), required: true } },
  responses: { 200: { description: "Disabled", content: json(Info.extend({ success: z.boolean() })) }, ...errorResponses(400, 401, 403, 404, 409) },
});
const pdfRoute = createRoute({
  ...common,
  method: "get",
  path: "/bills/pdf/{id}",
  summary: "The zInvoice as a PDF",
  request: { params: IdParam },
  responses: { 200: { description: "application/pdf, as an attachment named `{number}.pdf`" }, ...errorResponses(401, 403, 404) },
});
const instructionsRoute = createRoute({
  ...common,
  method: "get",
  path: "/bills/{user}/{id}",
  summary: "The hosted payment page link of a zInvoice",
  description: "`page_link` is `{payments origin}/?p={hashedId}`, `invoice_link` the invoice page. A disabled bill has none (409).",
  request: { params: InstructionsParams },
  responses: {
    200: { description: "Instructions", content: json(z.object({ data: z.object({ page_link: z.string(), invoice_link: z.string(), hashedId: z.string() }) })) },
    ...errorResponses(401, 403, 404, 409),
  },
});

/** The invoice in a bill body: `desc` is JSON text; the bill's own label and currency win. */
function billInput(body: z.infer<typeof SaveBody>): Partial<InvoiceInput> {
  let desc: unknown;
  try {
    desc = JSON.parse(body.desc);
  } catch {
    desc = undefined;
  }
  if (!desc || typeof desc !== "object" || Array.isArray(desc)) {
    throw new ApiError(400, "invalid_request", "The bill's invoice (desc) is not valid JSON", [{ path: "desc", message: "Invalid JSON" }]);
  }
  const d = desc as Partial<InvoiceInput> & Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    label: body.label,
    invoiceNumber: text(d.invoiceNumber),
    layout: d.layout === "LEGAL" ? "LEGAL" : "DEFAULT",
    issuedOn: text(d.issuedOn),
    paymentDueOn: text(d.paymentDueOn),
    client: text(d.client),
    currency: body.currency ?? text(d.currency),
    invoiceInclusions: Array.isArray(d.invoiceInclusions) ? d.invoiceInclusions : [],
    notes: text(d.notes),
    invoiceFrom: d.invoiceFrom && typeof d.invoiceFrom === "object" ? (d.invoiceFrom as InvoiceInput["invoiceFrom"]) : null,
  };
}

export function billRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { payments } = origins(deps.env);
  const router = createRouter();
  // "/bills/*" also covers "/bills" itself.
  router.use("/bills/*", requireMerchant(db), requirePermission("bills"));
  const dtos = async (rows: InvoiceRow[]) => {
    const details = await withDetails(db, rows, (chainId, hash) => explorerLinkFor(deps, chainId, hash));
    return rows.map((r) => toBillDto(r, details.merchant(r), details.paymentInfo(r), payments));
  };
  const dto = async (row: InvoiceRow) => (await dtos([row]))[0];

  return router
    .openapi(listRoute, async (c) => c.json({ data: await dtos(await listInvoices(db, c.var.user.id, "bill")) }, 200))
    .openapi(createRouteDef, async (c) => {
      const input = await validateInvoiceBody(billInput(c.req.valid("json")), { requireLabel: true });
      const row = await createInvoice(db, c.var.user, "bill", input);
      c.var.log.info({ userId: c.var.user.id, billId: row.id }, "bill created");
      return c.json({ data: { info: await dto(row) } }, 201);
    })
    .openapi(readRoute, async (c) => {
      const row = await findOwnInvoice(db, c.var.user.id, "bill", c.req.valid("param").id);
      return c.json({ data: { key: invoiceEditKey(row), info: await dto(row) } }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._item_id !== undefined && body._item_id !== id) throw new ApiError(400, "invalid_request", "The item id does not match the address");
      const row = await findOwnInvoice(db, c.var.user.id, "bill", id);
      const input = await validateInvoiceBody(billInput(body), { requireLabel: true });
      const updated = await updateInvoice(db, c.var.user, row, input, body._key);
      return c.json({ data: { key: invoiceEditKey(updated), info: await dto(updated) } }, 200);
    })
    .openapi(disableRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._item_id !== id) throw new ApiError(400, "invalid_request", "The item id does not match the address");
      const row = await findOwnInvoice(db, c.var.user.id, "bill", id);
      const disabled = await disableInvoice(db, row, body._key);
      c.var.log.info({ userId: c.var.user.id, billId: id }, "bill disabled");
      return c.json({ success: true, data: { info: await dto(disabled) } }, 200);
    })
    .openapi(pdfRoute, async (c) => {
      const row = await findOwnInvoice(db, c.var.user.id, "bill", c.req.valid("param").id);
      return invoicePdfResponse(c, deps, row, c.req.query("lng"));
    })
    .openapi(instructionsRoute, async (c) => {
      const { user, id } = c.req.valid("param");
      if (user !== c.var.user.id) throw new ApiError(404, "not_found", "Bill not found");
      const row = await findOwnInvoice(db, user, "bill", id);
      if (!row.enabled || row.status !== "ACTIVE") throw new ApiError(409, "invoice_locked", "This bill can no longer be paid: its link no longer works");
      const links = invoiceLinks(payments, row.hashedId);
      return c.json({ data: { page_link: links.payUrl, invoice_link: links.invoiceUrl, hashedId: row.hashedId } }, 200);
    });
}
