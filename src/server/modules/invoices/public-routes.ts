import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { rateLimit } from "../../http/rate-limit";
import { origins } from "../../env";
import type { Db } from "../../db/client";
import type { InvoiceRow } from "../../db/schema";
import { PublicInvoiceDto, loadMerchants, toPublicInvoiceDto } from "./dto";
import { findInvoiceByHashedId } from "./service";
import { invoicePdfResponse } from "./pdf-response";

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
  description:
    "`?lng=fr` for French labels. An attachment named `{number}.pdf`. `ETag` is a hash of what the document shows: send it back in `If-None-Match` for a 304. Limited per client address (INVOICE_PDF_RATE_LIMIT a minute, then 429 with Retry-After); 503 with Retry-After while too many PDFs are being drawn.",
  request: { params: HashedIdParam },
  responses: { 200: { description: "application/pdf" }, 304: { description: "Not modified: the `If-None-Match` ETag is current" }, ...errorResponses(404, 429, 503) },
});

/** The payer's invoice API on the payments origin. */
export function publicInvoiceRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { payments } = origins(deps.env);
  const router = createRouter();
  // Anyone with the link may ask; each new version costs a drawing in the worker, so each address has a budget.
  router.use(
    "/pay/invoices/:hashedId/pdf",
    rateLimit(deps, { points: deps.env.INVOICE_PDF_RATE_LIMIT, durationSeconds: 60, keyPrefix: "invoice-pdf" }),
  );
  return router
    .openapi(readRoute, async (c) => {
      const row = await findPublicInvoice(db, c.req.valid("param").hashedId);
      const merchants = await loadMerchants(db, [row.userId]);
      c.header("Cache-Control", "no-cache");
      return c.json({ data: toPublicInvoiceDto(row, merchants.get(row.userId), payments) }, 200);
    })
    .openapi(pdfRoute, async (c) => {
      const row = await findPublicInvoice(db, c.req.valid("param").hashedId);
      return invoicePdfResponse(c, deps, row, c.req.query("lng"));
    });
}
