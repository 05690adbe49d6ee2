import * as React from "react";
import { useTranslation } from "react-i18next";
import { CART_MESSAGES, type CartMessages } from "@/lib/cart";
import { ApiRequestError } from "@/lib/api-client";
import { showToast } from "@/stores/toasts";

/** The zCart validation messages in the reader's language, for the shared schemas. */
export function useCartMessages(): CartMessages {
  const { t } = useTranslation("checkouts");
  return React.useMemo(() => Object.fromEntries(Object.keys(CART_MESSAGES).map((k) => [k, t(`validation.${k}`)])) as CartMessages, [t]);
}

/**
 * A failed save: the server's field issues go on the fields it names; otherwise one toast with
 * the server's message for a 4xx, else 'Not saved. Please try again later.'.
 */
export function showSaveError(err: unknown, fields: readonly string[], setError: (name: string, message: string) => void, notSaved: string): void {
  if (!(err instanceof ApiRequestError)) {
    showToast({ message: notSaved, variant: "error" });
    return;
  }
  const issues = (err.issues ?? []).filter((i) => fields.includes(i.path.split(/[.[]/)[0]));
  if (err.status === 400 && issues.length > 0) {
    for (const issue of issues) setError(issue.path, issue.message);
    return;
  }
  showToast({ message: err.status >= 400 && err.status < 500 ? err.message : notSaved, variant: "error" });
}
