import type { i18n as I18n } from "i18next";
import type { ApiErrorDetails } from "@/lib/api-client";
import { formatWait } from "@/lib/wait";
import { FALLBACK_LANGUAGE } from "./config";

/**
 * The user's-language text for a server error code (`errors` namespace, `codes.<code>`), or
 * undefined to keep the server's own message: in English (the server's language, whose messages
 * carry details such as amounts and network names) and for a code without a translation.
 */
export function translateApiErrorCode(
  i18n: Pick<I18n, "resolvedLanguage" | "exists" | "t">,
  code: string,
  details: ApiErrorDetails = {},
): string | undefined {
  const language = i18n.resolvedLanguage;
  if (!language || language === FALLBACK_LANGUAGE) return undefined;
  const key = `codes.${code}`;
  if (!i18n.exists(key, { ns: "errors" })) return undefined;
  // A refusal that names a wait ("Réessayez dans {{wait}}") says it in the reader's words; without
  // a Retry-After the server's own message (which names it) is kept.
  const wait = details.retryAfterSeconds === undefined ? undefined : formatWait(details.retryAfterSeconds, language);
  const text = i18n.t(key, { ns: "errors", wait: wait ?? "{{wait}}" });
  return text.includes("{{wait}}") ? undefined : text;
}
