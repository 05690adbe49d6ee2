/** Languages and namespaces the UI ships; English is the fallback (SPEC §9). */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
export const NAMESPACES = ["common", "ui", "shell", "auth", "pay", "zlink", "settings", "collects", "invoices", "checkouts", "donates", "unmapped", "refunds", "orders", "rewards", "errors", "zramp", "notifications", "security", "admin", "zapi", "integrations"] as const;
export const LANGUAGE_STORAGE_KEY = "zpay.language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the stored choice, then the browser's language, then English. */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
