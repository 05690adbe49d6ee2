import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { requireMerchant } from "../auth";
import { requirePermission } from "../../http/permissions";
import { origins } from "../../env";
import { explorerLinkFor } from "../chains";
import type { InvoiceRow } from "../../db/schema";
import { InclusionDto, InvoiceDto, toInvoiceDto, withDetails } from "./dto";
import { cancelOrDeleteInvoice, createInvoice, findOwnInvoice, listInvoices, updateInvoice, validateInvoiceBody } from "./service";
import { invoicePdfResponse } from "./pdf-response";

export const InvoiceSaveBody = z
  .object({
    label: z.string().max(1000).optional().openapi({ description: "The pay button's label, default 'Pay Now'" }),
    invoiceNumber: z.string().max(100).optional().openapi({ description: "Leave empty for the next ZSH number" }),
    layout: z.enum(["DEFAULT", "LEGAL"]).optional(),
    issuedOn: z.string().max(32).optional().openapi({ example: "2026-11-24" }),
    paymentDueOn: z.string().max(32).optional().openapi({ example: "2026-12-01" }),
    client: z.string().max(64).optional().openapi({ description: "The customer's `_id`" }),
    currency: z.string().max(16).optional().openapi({ example: "USD" }),
    invoiceInclusions: z.array(InclusionDto).max(1000).optional(),
    notes: z.string().max(10_000).optional().openapi({ description: "Left out on create: the merchant's default invoice notes (profile)" }),
    invoiceFrom: z.object({ title: z.string().max(1000), subtext: z.string().max(1000) }).nullable().optional(),
    _key: z.string().max(64).optional().openapi({ description: "Edit key from a read; a stale key is refused (409)" }),
  })
  .openapi("InvoiceSaveRequest");

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The invoice's `_id`" }) });
const common = { tags: ["Invoices"], security: [{ bearer: [] }] };
const One = z.object({ data: z.object({ invoice: InvoiceDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/v1/invoices",
  summary: "The merchant's invoices, newest first",
  responses: { 200: { description: "Invoices", content: json(z.object({ data: z.array(InvoiceDto) })) }, ...errorResponses(401, 403) },
});
const createRouteDef = createRoute({
  ...common,
  method: "post",
  path: "/v1/invoices",
  summary: "Create an invoice",
  description: "SPEC §5 rules. The server computes the totals from the lines and numbers it ZSH… unless a number is given.",
  request: { body: { content: json(InvoiceSaveBody), required: true } },
  responses: { 201: { description: "Created", content: json(One) }, ...errorResponses(400, 401, 403, 409) },
});
const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/v1/invoices/{id}",
  summary: "Read an invoice",
  request: { params: IdParam },
  responses: { 200: { description: "The invoice", content: json(One) }, ...errorResponses(401, 403, 404) },
});
const updateRoute = createRoute({
  ...common,
  method: "put",
  path: "/v1/invoices/{id}",
  summary: "Update an invoice",
  description: "Only while ACTIVE or DRAFT with no payment (409 `invoice_locked`, `invoice_paid`).",
  request: { params: IdParam, body: { content: json(InvoiceSaveBody), required: true } },
  responses: { 200: { description: "Updated", content: json(One) }, ...errorResponses(400, 401, 403, 404, 409) },
});
const deleteRoute = createRoute({
  ...common,
  method: "delete",
  path: "/v1/invoices/{id}",
  summary: "Delete or cancel an invoice",
  description:
    "An invoice nobody has started paying is deleted (`deleted: true`). One with a payment started is CANCELLED and kept (`deleted: false`, `invoice` its new state). A paid invoice answers 409 `invoice_paid`.",
  request: { params: IdParam },
  responses: {
    200: { description: "Deleted or cancelled", content: json(z.object({ success: z.boolean(), data: z.object({ deleted: z.boolean(), invoice: InvoiceDto.nullable() }) })) },
    ...errorResponses(401, 403, 404, 409),
  },
});
const pdfRoute = createRoute({
  ...common,
  method: "get",
  path: "/v1/invoices/{id}/pdf",
  summary: "The invoice as a PDF",
  request: { params: IdParam },
  responses: { 200: { description: "application/pdf, as an attachment named `{number}.pdf`" }, ...errorResponses(401, 403, 404) },
});

export function invoiceRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { payments } = origins(deps.env);
  const router = createRouter();
  // "/v1/invoices/*" also covers "/v1/invoices" itself.
  router.use("/v1/invoices/*", requireMerchant(db), requirePermission("invoices"));
  const dtos = async (rows: InvoiceRow[]) => {
    const details = await withDetails(db, rows, (chainId, hash) => explorerLinkFor(deps, chainId, hash));
    return rows.map((r) => toInvoiceDto(r, details.merchant(r), details.paymentInfo(r), payments));
  };
  const dto = async (row: InvoiceRow) => (await dtos([row]))[0];

  return router
    .openapi(listRoute, async (c) => c.json({ data: await dtos(await listInvoices(db, c.var.user.id, "invoice")) }, 200))
    .openapi(createRouteDef, async (c) => {
      const body = c.req.valid("json");
      // Notes left out take the merchant's default invoice notes (profile); sent empty, they stay empty.
      const notes = body.notes ?? c.var.user.profile.defaultInvoiceNotes;
      const input = await validateInvoiceBody({ ...body, ...(notes === undefined ? {} : { notes }) }, { requireLabel: false });
      const row = await createInvoice(db, c.var.user, "invoice", input);
      c.var.log.info({ userId: c.var.user.id, invoiceId: row.id }, "invoice created");
      return c.json({ data: { invoice: await dto(row) } }, 201);
    })
    .openapi(readRoute, async (c) => {
      const row = await findOwnInvoice(db, c.var.user.id, "invoice", c.req.valid("param").id);
      return c.json({ data: { invoice: await dto(row) } }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const row = await findOwnInvoice(db, c.var.user.id, "invoice", c.req.valid("param").id);
      const body = c.req.valid("json");
      const input = await validateInvoiceBody(body, { requireLabel: false });
      const updated = await updateInvoice(db, c.var.user, row, input, body._key);
      return c.json({ data: { invoice: await dto(updated) } }, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const row = await findOwnInvoice(db, c.var.user.id, "invoice", c.req.valid("param").id);
      const result = await cancelOrDeleteInvoice(db, row);
      c.var.log.info({ userId: c.var.user.id, invoiceId: row.id, deleted: result.deleted }, "invoice deleted or cancelled");
      return c.json({ success: true, data: { deleted: result.deleted, invoice: result.deleted ? null : await dto(result.row) } }, 200);
    })
    .openapi(pdfRoute, async (c) => {
      const row = await findOwnInvoice(db, c.var.user.id, "invoice", c.req.valid("param").id);
      return invoicePdfResponse(c, deps, row, c.req.query("lng"));
    });
}
