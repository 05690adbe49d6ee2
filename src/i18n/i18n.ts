import i18next, { type Resource } from "i18next";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { localizeApiErrorsWith } from "@/lib/api-client";
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
    const instance = options.resources ? i18next : i18next.use(HttpBackend);
    await instance.use(initReactI18next).init({
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: "common",
      resources: options.resources,
      backend: options.resources ? undefined : { loadPath: "/assets/translations/{{lng}}/{{ns}}.json" },
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
  await i18next.changeLanguage(lng);
  syncDocumentLanguage(lng);
}

export { i18next };
