import { formatBaseUnits } from "./money";
import type { AmountDto } from "./transaction-details";

type Decimal = `${number}`;

/**
 * Token amounts for people, in the reader's language: "1,234.5 USDC" in English, "1 234,5 USDC"
 * in French (as fiat amounts already are), never rounded: every digit the token has is kept. The
 * one definition for the pay page, Orders and transaction details; files and mails keep the exact
 * plain text of `formatAmount` (`transaction-details.ts`).
 */
export function formatToken(amount: string, symbol: string, lng: string): string {
  try {
    return `${new Intl.NumberFormat(lng, { maximumFractionDigits: 20 }).format(amount as Decimal)} ${symbol}`;
  } catch {
    return `${amount} ${symbol}`;
  }
}

/** A token amount in base units ("12500000", 6 decimals) with its symbol. */
export function formatTokenUnits(units: string, decimals: number, symbol: string, lng: string): string {
  let text: string;
  try {
    text = formatBaseUnits(BigInt(units), decimals);
  } catch {
    return `${units} ${symbol}`;
  }
  return formatToken(text, symbol, lng);
}

/** An API amount (base units, decimals, currency) for the reader. */
export const formatTokenAmount = (amount: AmountDto, lng: string) => formatTokenUnits(amount.value, amount.decimals, amount.currency, lng);
