import i18next, { type Resource } from "i18next";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { localizeApiErrorsWith } from "@/lib/api-client";
import { takeEarlyResponse } from "@/lib/early-requests";
import { translateApiErrorCode } from "./api-errors";
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, NAMESPACES, detectLanguage, type Language } from "./config";

let ready: Promise<typeof i18next> | undefined;

function storedLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Initialises i18next once per page. In the browser translations load over HTTP from
 * /assets/translations/{lng}/{ns}.json; Storybook and tests pass bundled `resources` instead so
 * that a first render is already translated.
 */
export function initI18n(options: { resources?: Resource; lng?: Language } = {}): Promise<typeof i18next> {
  ready ??= (async () => {
    const lng =
      options.lng ?? detectLanguage(storedLanguage(), globalThis.navigator?.languages ?? []);
    // In the browser: the language's one-file bundle (and the fallback's); per-namespace files
    // over HTTP only if a bundle cannot be had.
    const resources = options.resources ?? (await loadBundles(lng === FALLBACK_LANGUAGE ? [lng] : [lng, FALLBACK_LANGUAGE]).catch(() => undefined));
    const instance = resources ? i18next : i18next.use(HttpBackend);
    await instance.use(initReactI18next).init({
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: "common",
      resources,
      backend: resources ? undefined : { loadPath: "/assets/translations/{{lng}}/{{ns}}.json" },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    syncDocumentLanguage(lng);
    // Every API client shows server errors in the user's language from now on.
    localizeApiErrorsWith((code, details) => translateApiErrorCode(i18next, code, details));
    return i18next;
  })();
  return ready;
}

/** Where a language's bundle of every namespace is built (src/pages/assets/translations/[lng].json.ts). */
export const bundleUrl = (lng: string) => `/assets/translations/${lng}.json`;

/** The bundles of these languages, each taken from the merchant shell's early requests when it started them. */
async function loadBundles(languages: string[]): Promise<Resource> {
  const bundles = await Promise.all(
    languages.map(async (lng) => {
      const res = await (takeEarlyResponse(bundleUrl(lng), null) ?? fetch(bundleUrl(lng)));
      if (!res.ok) throw new Error(`translations ${lng}: HTTP ${res.status}`);
      return (await res.json()) as Resource[string];
    }),
  );
  return Object.fromEntries(languages.map((lng, i) => [lng, bundles[i]]));
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = lng;
}

/**
 * Remembers the choice where the server reads it too: the payments origin writes the pay page in
 * the payer's language (src/server/modules/pay/page.tsx). A cookie names no port, so both origins share it.
 */
export function rememberLanguage(lng: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  if (typeof document !== "undefined") document.cookie = `${LANGUAGE_STORAGE_KEY}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

/** Switches language and remembers the choice for the next visit. */
export async function changeLanguage(lng: Language): Promise<void> {
  rememberLanguage(lng);
  // Loaded from a bundle, i18next has no backend to fetch a language it has not seen.
  if (!i18next.hasResourceBundle(lng, "common") && !i18next.services?.backendConnector?.backend) {
    const loaded = await loadBundles([lng]);
    for (const [ns, values] of Object.entries(loaded[lng] ?? {})) i18next.addResourceBundle(lng, ns, values, true, true);
  }
  await i18next.changeLanguage(lng);
  syncDocumentLanguage(lng);
}

export { i18next };
