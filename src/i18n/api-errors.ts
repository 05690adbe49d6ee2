import type { i18n as I18n } from "i18next";
import { FALLBACK_LANGUAGE } from "./config";

/**
 * The user's-language text for a server error code (`errors` namespace, `codes.<code>`), or
 * undefined to keep the server's own message: in English (the server's language, whose messages
 * carry details such as amounts and network names) and for a code without a translation.
 */
export function translateApiErrorCode(i18n: Pick<I18n, "resolvedLanguage" | "exists" | "t">, code: string): string | undefined {
  if (!i18n.resolvedLanguage || i18n.resolvedLanguage === FALLBACK_LANGUAGE) return undefined;
  const key = `codes.${code}`;
  return i18n.exists(key, { ns: "errors" }) ? i18n.t(key, { ns: "errors" }) : undefined;
}
