import fs from "node:fs";
import path from "node:path";
import type { Context, Next } from "hono";
import { getCookie } from "hono/cookie";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { InvoiceFetchFailed } from "@/components/invoice/invoice-fetch-failed";
import { InvoiceView } from "@/components/invoice/invoice-view";
import { LANGUAGE_STORAGE_KEY, type Language } from "@/i18n/config";
import type { PublicInvoiceDto } from "@/lib/invoice";
import { dueDistance } from "@/lib/invoice-form";
import { pageTitle } from "@/lib/access";
import type { AppDeps } from "../../deps";
import { origins } from "../../env";
import { ApiError } from "../../http/errors";
import { fillShell, shellBrand } from "../../http/page-shell";
import { REVALIDATE_PRIVATE, contentHash, notModified } from "../../http/etag";
import { payerLanguage } from "../pay";
import { loadMerchants, toPublicInvoiceDto } from "./dto";
import { invoiceTranslator } from "./i18n";
import { findPublicInvoice } from "./public-routes";

/** What the invoice page shows: the invoice, or why there is none. */
export type InvoicePageState = { state: "ready"; invoice: PublicInvoiceDto } | { state: "not-found" | "no-link" | "failed" };

/** The place src/pages/invoice.astro marks (`<!--zpay:invoice-->`) inside #invoice-root. */
export const INVOICE_MARKER = "invoice";

/** The built invoice page with the document (or the reason there is none) and the language put in. */
export function fillInvoiceShell(shell: string, data: InvoicePageState, lng: Language, now: Date): string {
  const i18n = invoiceTranslator(lng);
  const body = renderToString(
    <I18nextProvider i18n={i18n}>
      {data.state === "ready" ? <InvoiceView invoice={data.invoice} mode="pay" now={now} /> : <InvoiceFetchFailed reason={data.state} />}
    </I18nextProvider>,
  );
  const brand = shellBrand(shell, i18n.t("brand", { ns: "common" }));
  const page = data.state === "ready" ? `${i18n.t("document.title")} ${data.invoice.invoiceNumber}` : i18n.t("titles.invoice", { ns: "common" });
  return fillShell(shell, { lang: lng, title: pageTitle(page, brand), slots: { [INVOICE_MARKER]: body } });
}

/**
 * The page's ETag: a hash of everything it shows (the built shell, the invoice with its merchant's
 * name, logo and colour, the language, and the 'Due in' distance InvoiceActions prints from `now`),
 * so it changes when the invoice is paid or edited, when the build changes and as the due date nears.
 */
export function invoicePageEtag(shellHash: string, invoice: PublicInvoiceDto, lng: Language, now: Date): string {
  const due = invoice.status === "ACTIVE" ? dueDistance(invoice.paymentDueOn, now, lng) : null;
  return `W/"${contentHash({ shell: shellHash, invoice, lng, due })}"`;
}

/**
 * `GET /invoice?i={hashedId}` on the payments origin: the invoice document rendered on the server
 * in the payer's language, so it reads (and prints) before and without any JavaScript. A database
 * failure shows SPEC §8 'Cannot get Invoice. Network request failed.'.
 */
export function invoicePageHtml(deps: AppDeps, distDir: string) {
  const file = path.join(distDir, "invoice", "index.html");
  const { payments } = origins(deps.env);
  const { db } = deps.database;
  let shell: string | undefined;
  let shellHash = "";
  return async (c: Context, next: Next) => {
    if (!fs.existsSync(file)) return next();
    if (shell === undefined) {
      shell = fs.readFileSync(file, "utf8");
      shellHash = contentHash(shell);
    }
    const lng = payerLanguage(c.req.query("lng"), getCookie(c, LANGUAGE_STORAGE_KEY), c.req.header("accept-language"));
    const id = c.req.query("i");
    let data: InvoicePageState = { state: "no-link" };
    let status: 200 | 404 | 503 = 200;
    if (id) {
      try {
        const row = await findPublicInvoice(db, id);
        const merchants = await loadMerchants(db, [row.userId]);
        data = { state: "ready", invoice: toPublicInvoiceDto(row, merchants.get(row.userId), payments) };
      } catch (err) {
        const missing = err instanceof ApiError && err.status === 404;
        if (!missing) deps.log.warn({ err }, "invoice page served without its invoice");
        data = { state: missing ? "not-found" : "failed" };
        status = missing ? 404 : 503;
      }
    }
    const now = new Date();
    c.header("Cache-Control", REVALIDATE_PRIVATE);
    c.header("Vary", "Accept-Language, Cookie");
    if (data.state === "ready") {
      const etag = invoicePageEtag(shellHash, data.invoice, lng, now);
      c.header("ETag", etag);
      if (notModified(c.req.header("if-none-match"), etag)) return c.body(null, 304);
    }
    return c.html(fillInvoiceShell(shell, data, lng, now), status);
  };
}
