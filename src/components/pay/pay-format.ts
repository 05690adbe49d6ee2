
type Decimal = `${number}`;

/** A fiat price in the reader's language ("$12.50", "12,50 $US"); plain "12.5 XYZ" for a code Intl does not know. */
export function formatFiat(price: string, currency: string, lng: string): string {
  try {
    return new Intl.NumberFormat(lng, { style: "currency", currency }).format(price as Decimal);
  } catch {
    return `${price} ${currency}`;
  }
}

// Token amounts have one definition for every screen (src/lib/token-format.ts).
export { formatToken, formatTokenUnits } from "@/lib/token-format";

/** The host of a URL ("shop.example"), or the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Only web addresses may become links or redirects (never `javascript:` and the like). */
export function isWebUrl(url: string | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** Time left as a countdown: "14:05", "1:02:03" past an hour, "0:00" once it ran out. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** The same as an ISO 8601 duration for `<time dateTime>` ("PT14M5S"). */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `PT${Math.floor(total / 3600)}H${Math.floor((total % 3600) / 60)}M${total % 60}S`;
}
