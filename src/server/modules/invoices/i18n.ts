import { createInstance, type i18n } from "i18next";
import { bundledResources } from "@/i18n/bundled";
import { FALLBACK_LANGUAGE, LANGUAGES, NAMESPACES, isLanguage, type Language } from "@/i18n/config";

const translators = new Map<Language, i18n>();

/** One i18next per language over the bundled translations, ready synchronously (invoice page and PDF). */
export function invoiceTranslator(lng: string | undefined): i18n {
  const language = invoiceLanguage(lng);
  let instance = translators.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: "invoices",
      resources: bundledResources,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    translators.set(language, instance);
  }
  return instance;
}

/** The language an invoice is printed in: `lng` when supported, the fallback otherwise. */
export function invoiceLanguage(lng: string | undefined): Language {
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}
