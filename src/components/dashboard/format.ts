import { toBillingCurrency } from "@/lib/dashboard";

/** A USD amount shown in the billing currency (SPEC §9: converted with exchangeRate, 2 decimals). */
export function formatBilling(usd: string | number, exchangeRate: string, currency: string, locale: string): string {
  const value = toBillingCurrency(usd, exchangeRate);
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
  } catch {
    // A code Intl does not know: the number and the code.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))} ${currency}`;
  }
}

/** A token balance, up to `maxDecimals` digits, trailing zeros dropped. */
export function formatTokenAmount(amount: string, locale: string, maxDecimals = 4): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals }).format(amount as Intl.StringNumericLiteral);
}
