import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { origins } from "../../env";
import type { Db } from "../../db/client";
import type { InvoiceRow } from "../../db/schema";
import { PublicInvoiceDto, loadMerchants, toPublicInvoiceDto } from "./dto";
import { findInvoiceByHashedId } from "./service";
import { invoicePdfResponse } from "./pdf";

const HashedIdParam = z.object({
  hashedId: z.string().max(64).openapi({ param: { name: "hashedId", in: "path" }, description: "The invoice's public id (`?i=`)" }),
});

/**
 * The invoice a payer may read by its public id: any status but DRAFT (not sent yet). Unknown,
 * deleted and draft invoices answer the same 404.
 * @throws {ApiError} 404.
 */
export async function findPublicInvoice(db: Db, hashedId: string): Promise<InvoiceRow> {
  const row = await findInvoiceByHashedId(db, hashedId);
  if (!row || row.status === "DRAFT") throw new ApiError(404, "not_found", "Invoice not found");
  return row;
}

const readRoute = createRoute({
  tags: ["Pay"],
  method: "get",
  path: "/pay/invoices/{hashedId}",
  summary: "An invoice as its payer reads it",
  description: "Public (payments origin): what the invoice prints, without the merchant's internal ids.",
  request: { params: HashedIdParam },
  responses: { 200: { description: "The invoice", content: json(z.object({ data: PublicInvoiceDto })) }, ...errorResponses(404) },
});

const pdfRoute = createRoute({
  tags: ["Pay"],
  method: "get",
  path: "/pay/invoices/{hashedId}/pdf",
  summary: "An invoice as a PDF",
  description: "`?lng=fr` for French labels. An attachment named `{number}.pdf`.",
  request: { params: HashedIdParam },
  responses: { 200: { description: "application/pdf" }, ...errorResponses(404) },
});

/** The payer's invoice API on the payments origin. */
export function publicInvoiceRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { payments } = origins(deps.env);
  return createRouter()
    .openapi(readRoute, async (c) => {
      const row = await findPublicInvoice(db, c.req.valid("param").hashedId);
      const merchants = await loadMerchants(db, [row.userId]);
      c.header("Cache-Control", "no-cache");
      return c.json({ data: toPublicInvoiceDto(row, merchants.get(row.userId), payments) }, 200);
    })
    .openapi(pdfRoute, async (c) => {
      const row = await findPublicInvoice(db, c.req.valid("param").hashedId);
      return invoicePdfResponse(db, row, payments, c.req.query("lng"));
    });
}
