import { DEFAULT_BUTTON_LABEL } from "./invoice";

/**
 * A pay label (a zLink's title, a zInvoice's button label) left at its default is stored as
 * "Pay Now" whatever the merchant's language: shown to a reader, it is said in their language
 * (`common:payNow`). A label the merchant wrote is theirs and shown as written.
 */
export function isDefaultPayLabel(label: string): boolean {
  return label.trim().toLowerCase() === DEFAULT_BUTTON_LABEL.toLowerCase();
}

/** `label` as a reader sees it: the default in their language (`translate("common:payNow")`), any other as written. */
export function shownPayLabel(label: string, translate: (key: "common:payNow") => string): string {
  return isDefaultPayLabel(label) ? translate("common:payNow") : label;
}
