import fs from "node:fs";
import path from "node:path";
import type { Context, Next } from "hono";
import { getCookie } from "hono/cookie";
import { createInstance, type i18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { PayPreview } from "@/components/pay/pay-preview";
import { bundledResources } from "@/i18n/bundled";
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, NAMESPACES, detectLanguage, isLanguage, type Language } from "@/i18n/config";
import { pageTitle } from "@/lib/access";
import type { PayShellData } from "@/islands/pay-shell-data";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { fillShell, shellBrand } from "../../http/page-shell";
import { readPayableProduct } from "./product";


/** The id in `?p=` has the payer API's bounds; anything else names no link. */
const MAX_ID_LENGTH = 64;

/** Accept-Language tags, most wanted first (`fr-CH, fr;q=0.9, en;q=0.8`). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith("q="))?.slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/** The language the page would pick in the browser: `?lng=`, then the stored choice (cookie), then the browser's. */
export function payerLanguage(query: string | undefined, cookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(query)) return query;
  return detectLanguage(cookie ?? null, acceptedLanguages(acceptLanguage));
}

const translators = new Map<Language, i18n>();

/** One i18next per language over the bundled translations, ready synchronously. */
function translator(lng: Language): i18n {
  let instance = translators.get(lng);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: "common",
      resources: bundledResources,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    translators.set(lng, instance);
  }
  return instance;
}

/** Data for a `<script type="application/json">` block: nothing in it can close the element. */
function jsonBlock(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The places src/pages/pay.astro marks (`<!--zpay:NAME-->`): the summary inside #pay-root, its data after it. */
export const PAY_MARKERS = { summary: "pay-summary", data: "pay-data" } as const;

/** The built pay page with the summary, the language and the data put in; React escapes the summary. */
export function fillPayShell(shell: string, productId: string | null, data: PayShellData): string {
  const t = translator(data.lng);
  // A product that could not be read just now is left to the island, which retries and explains.
  const body =
    data.state === "unavailable"
      ? ""
      : renderToString(
          <I18nextProvider i18n={t}>
            <PayPreview productId={data.state === "not-found" ? productId || "not-found" : productId} product={data.product ?? null} />
          </I18nextProvider>,
        );
  return fillShell(shell, {
    lang: data.lng,
    title: pageTitle(t.t("titles.pay"), shellBrand(shell, t.t("brand"))),
    slots: { [PAY_MARKERS.summary]: body, [PAY_MARKERS.data]: `<script type="application/json" id="pay-data">${jsonBlock(data)}</script>` },
  });
}

/**
 * `GET /` on the payments origin: the pay page with the product summary (merchant, label,
 * description, amount, sandbox notice) in the HTML, in the payer's language, so it reads before
 * any JavaScript has loaded. The island takes the same data and hydrates over the same markup.
 */
export function payPageHtml(deps: AppDeps, distDir: string) {
  const file = path.join(distDir, "pay", "index.html");
  let shell: string | undefined;
  return async (c: Context, next: Next) => {
    if (!fs.existsSync(file)) return next();
    shell ??= fs.readFileSync(file, "utf8");
    const lng = payerLanguage(c.req.query("lng"), getCookie(c, LANGUAGE_STORAGE_KEY), c.req.header("accept-language"));
    const productId = c.req.query("p") ?? null;
    // A public value (WalletConnect reads it in the browser); the EVM wallet list offers WalletConnect only with it.
    const walletConnect = deps.env.WALLETCONNECT_PROJECT_ID ? { walletConnectProjectId: deps.env.WALLETCONNECT_PROJECT_ID } : {};
    let data: PayShellData = { state: "no-link", lng, ...walletConnect };
    if (productId !== null) {
      try {
        if (!productId || productId.length > MAX_ID_LENGTH) throw new ApiError(404, "link_not_found", "");
        data = { state: "ready", lng, product: await readPayableProduct(deps, productId), ...walletConnect };
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) deps.log.warn({ err }, "pay page served without its summary");
        data = { state: err instanceof ApiError && err.status === 404 ? "not-found" : "unavailable", lng, ...walletConnect };
      }
    }
    // The page differs by language and by link; it must never be served from a shared cache as another's.
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Accept-Language, Cookie");
    // 200 even for a link that names nothing: the page answers (in words), as the static shell did.
    return c.html(fillPayShell(shell, productId, data), 200);
  };
}
