/**
 * A currency's name in the reader's language ("US dollar", "dollar des États-Unis") from the
 * browser's own data (`Intl.DisplayNames`), so currency selects read in French for French readers
 * instead of the English names the server lists. A code Intl does not know (a token such as USDC)
 * keeps the name given (`fallback`), else its code.
 */
export function currencyName(code: string, lng: string, fallback?: string): string {
  try {
    const name = new Intl.DisplayNames([lng], { type: "currency", fallback: "none" }).of(code.toUpperCase());
    if (name) return name;
  } catch {
    // An unknown language tag or a malformed code: the name given, else the code.
  }
  return fallback ?? code;
}

/**
 * How a currency list names an option: "EUR — euro" in French, "EUR — Euro" in English; a code
 * Intl has no name for (a token such as USDC) stays its code alone, never "USDC — USDC".
 */
export function currencyOptionLabel(code: string, lng: string): string {
  const name = currencyName(code, lng);
  return name === code ? code : `${code} — ${name}`;
}
