import os from "node:os";
import type { Context } from "hono";
import type { PublicInvoiceDto } from "@/lib/invoice";
import type { AppDeps } from "../../deps";
import type { Env } from "../../env";
import { origins } from "../../env";
import type { InvoiceRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { REVALIDATE_PRIVATE, contentHash, notModified } from "../../http/etag";
import { readUploadBytes } from "../catalog";
import { loadMerchants, toPublicInvoiceDto } from "./dto";
import { invoiceLanguage } from "./i18n";
import { PDF_LAYOUT_VERSION, pdfCompression, pdfFileName } from "./pdf";
import { PdfBusyError, PdfWorkerPool, pdfWorkerLaunch } from "./pdf-pool";
import { PdfCache } from "./pdf-cache";

/**
 * The process's PDF workers: one, or two where there are cores to spare (the server's own thread
 * needs one). 32 waiting jobs are some five seconds of drawing; a request past that gets 503.
 */
let pool: PdfWorkerPool | undefined;
export function pdfWorkers(): PdfWorkerPool {
  pool ??= new PdfWorkerPool({
    size: Math.min(2, Math.max(1, os.availableParallelism() - 1)),
    maxQueue: 32,
    deadlineMs: 30_000,
    idleMs: 60_000,
    launch: pdfWorkerLaunch(),
  });
  return pool;
}

/** Puts `workers` in the real pool's place (tests, with stand-in workers); undefined goes back to the real one. */
export function usePdfWorkers(workers: PdfWorkerPool | undefined): void {
  pool = workers;
}

/** Ends the PDF workers (server shutdown); the next PDF starts new ones. */
export async function closePdfWorkers(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}

/**
 * Drawn PDFs by content hash, and the drawings under way: a version is drawn once however many
 * ask for it at the same moment, then served from memory until it is changed or pushed out.
 */
export class InvoicePdfs {
  private readonly drawing = new Map<string, Promise<Uint8Array>>();

  constructor(
    readonly cache: PdfCache,
    private readonly workers: () => Pick<PdfWorkerPool, "render">,
  ) {}

  pdf(hash: string, invoice: PublicInvoiceDto, lng: string, compress: boolean, logo?: () => Promise<Uint8Array | undefined>): Promise<Uint8Array> {
    const cached = this.cache.get(hash);
    if (cached) return Promise.resolve(cached);
    let pending = this.drawing.get(hash);
    if (!pending) {
      // The logo is read only when a drawing is needed (not for a cached or 304 answer).
      pending = (logo ? logo() : Promise.resolve(undefined))
        .then((bytes) => this.workers().render({ invoice, lng, compress, ...(bytes ? { logo: bytes } : {}) }))
        .then((pdf) => {
          this.cache.set(hash, pdf);
          return pdf;
        })
        .finally(() => this.drawing.delete(hash));
      this.drawing.set(hash, pending);
    }
    return pending;
  }
}

/** One cache per app configuration (the app and payments origins of a process share it). */
const byEnv = new WeakMap<Env, InvoicePdfs>();
export function invoicePdfs(env: Pick<Env, "INVOICE_PDF_CACHE_MB"> & object): InvoicePdfs {
  let pdfs = byEnv.get(env as Env);
  if (!pdfs) {
    pdfs = new InvoicePdfs(new PdfCache(env.INVOICE_PDF_CACHE_MB * 1024 * 1024), pdfWorkers);
    byEnv.set(env as Env, pdfs);
  }
  return pdfs;
}

/**
 * The PDF answer of an invoice row (payer and merchant routes): its ETag is the hash of everything
 * the document shows (the payer's view of the invoice, the merchant's name, logo and colour, the
 * language, the layout version), so a repeated request is a 304 or a cache hit and only a changed
 * invoice is drawn again, in a worker thread.
 * @throws {ApiError} 503 with Retry-After when the workers' queue is full.
 */
export async function invoicePdfResponse(
  c: Pick<Context, "header" | "req">,
  deps: Pick<AppDeps, "env" | "database">,
  row: InvoiceRow,
  lng: string | undefined,
): Promise<Response> {
  const merchants = await loadMerchants(deps.database.db, [row.userId]);
  const invoice = toPublicInvoiceDto(row, merchants.get(row.userId), origins(deps.env).payments);
  const language = invoiceLanguage(lng);
  const compress = pdfCompression();
  const hash = contentHash({ layout: PDF_LAYOUT_VERSION, invoice, language, compress });
  const etag = `"${hash}"`;
  const headers = {
    etag,
    "cache-control": REVALIDATE_PRIVATE,
    "content-disposition": `attachment; filename="${pdfFileName(row.number)}"`,
  };
  if (notModified(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  let pdf: Uint8Array;
  try {
    const logoId = merchants.get(row.userId)?.profile?.logoId;
    const logo = logoId ? () => readUploadBytes(deps.database.db, logoId) : undefined;
    pdf = await invoicePdfs(deps.env).pdf(hash, invoice, language, compress, logo);
  } catch (err) {
    if (!(err instanceof PdfBusyError)) throw err;
    c.header("Retry-After", String(pdfWorkers().retryAfterSeconds()));
    throw new ApiError(503, "pdf_busy", "Too many PDFs are being prepared. Please try again in a moment.");
  }
  // A copy: the cached bytes stay untouched whatever the response does with its body.
  return new Response(pdf.slice(), { status: 200, headers: { ...headers, "content-type": "application/pdf" } });
}
