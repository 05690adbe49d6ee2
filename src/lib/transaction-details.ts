import { chainById, explorerTxUrl } from "./chains";
import { formatBaseUnits } from "./money";
import type { OrderDetails } from "./pay-api";
import type { PaymentStatus } from "./payment-status";

/**
 * A product's payment as merchant screens see it (SPEC §3 "Payment info" and "Transaction"),
 * shared by the server (which fills it from its transactions) and the transaction details dialog.
 * Amounts are base units as integer text plus decimals (money is never a float); times are ISO.
 */

/** Transaction statuses (SPEC §3/§4); `refunded` marks a refund that went out later. */
export type PaymentInfoStatus = PaymentStatus | "refunded";

/** An exact amount: `value` base units (integer text) with `decimals`, in `currency` (USDC, SOL, USD…). */
export interface AmountDto {
  value: string;
  decimals: number;
  currency: string;
}

/** How the payer paid: a swap on Solana through an aggregator, or a bridge to Solana USDC. */
export interface SwapInfoDto {
  type: "swap" | "bridge";
  /** The token the payer spent, e.g. SOL. */
  token: string;
  /** For a bridge: the source chain's symbol. */
  bridgeChainSymbol?: string | null;
}

/** What the product asked for when the payment started (SPEC §3 productInfo). */
export interface ProductInfoDto {
  /** Decimal text in `currency`. */
  price: string;
  currency: string;
  userCurrency: string;
  useFiat: boolean;
  fiat: string | null;
  /** The token the merchant settles in. */
  cToken: string;
}

export interface PaymentInfoDto {
  /** The transaction's id. */
  _id: string;
  status: PaymentInfoStatus;
  /** What the payer was asked to send. */
  requestedAmount: AmountDto;
  /** What arrived (SPEC §3 spells it `recievedAmount`); null until something is seen. */
  recievedAmount: AmountDto | null;
  /** Chain id the payment is on (SPEC §3 ids). */
  chain: number;
  hash: string | null;
  /** The explorer page of `hash` when the server knows one (sandbox networks); else derived from `chain`. */
  scanLink?: string | null;
  /** The paying wallet. */
  payer: string | null;
  /** Paid through the fiat on-ramp. */
  ramp: boolean;
  swap: SwapInfoDto | null;
  /** Product type: quick-pay (zLink), collect (zRequest), bill (zInvoice), invoice, product (zCart), donate, dynamic, shopify-order… */
  type: string;
  /** Extras from an e-commerce platform: its order id for `shopify-order`. */
  merchantExtras: { orderId?: string | null } | null;
  /** When the payment started (price locked): the Initiated stage. */
  lockedAt: string | null;
  paidAt: string | null;
  validatedAt: string | null;
  failedAt: string | null;
  /** Set when confirmed refunds reach the received amount (fully refunded). */
  refundedAt: string | null;
  /** What confirmed refunds sent back so far: base units of the received token, integer text ("0" when none). */
  refundedAmount: string;
  productInfo: ProductInfoDto | null;
  /** What was ordered, frozen at start: a zCart's lines, or a donor's name and message; null for other products. */
  orderDetails?: OrderDetails | null;
}

/** SPEC §2 "type (Ramp, Swap or Direct)". */
export type PaymentMethod = "ramp" | "swap" | "direct";

export function paymentMethod(info: Pick<PaymentInfoDto, "ramp" | "swap">): PaymentMethod {
  if (info.ramp) return "ramp";
  if (info.swap) return "swap";
  return "direct";
}

/** `12.5 USDC`: exact decimal text of an amount with its currency. */
export function formatAmount(amount: AmountDto): string {
  return `${formatBaseUnits(BigInt(amount.value), amount.decimals)} ${amount.currency}`;
}

/** What was refunded: the amount in the received token, and whether it is all of the payment. */
export interface RefundSummary {
  amount: AmountDto;
  /** `full` once the payment is fully refunded (refundedAt set, or refunds reach what was received). */
  extent: "partial" | "full";
}

/**
 * The refund of a payment, or null when nothing was refunded. The amount is in the token the
 * payment received (its decimals and currency; the requested ones when nothing was received).
 */
export function refundSummary(
  info: Pick<PaymentInfoDto, "refundedAmount" | "refundedAt" | "recievedAmount" | "requestedAmount">,
): RefundSummary | null {
  const refunded = BigInt(info.refundedAmount || "0");
  if (refunded <= 0n) return null;
  const token = info.recievedAmount ?? info.requestedAmount;
  const full = info.refundedAt !== null || (info.recievedAmount !== null && refunded >= BigInt(info.recievedAmount.value));
  return { amount: { value: refunded.toString(), decimals: token.decimals, currency: token.currency }, extent: full ? "full" : "partial" };
}

export type PaymentStage = PaymentStatus | "refunded";

/** The stages table (SPEC §2): each stage with its time, null when not reached; Refunded only once fully refunded. */
export function paymentStages(info: PaymentInfoDto): { stage: PaymentStage; at: string | null }[] {
  return [
    { stage: "initiated", at: info.lockedAt },
    { stage: "paid", at: info.paidAt },
    { stage: "validated", at: info.validatedAt },
    { stage: "failed", at: info.failedAt },
    ...(info.refundedAt ? [{ stage: "refunded" as const, at: info.refundedAt }] : []),
  ];
}

/** Where the hash links to: the server's link, else the chain's public explorer, else nowhere. */
export function transactionLink(info: Pick<PaymentInfoDto, "hash" | "scanLink" | "chain">): string | undefined {
  if (!info.hash) return undefined;
  if (info.scanLink) return info.scanLink;
  const chain = chainById(info.chain);
  return chain ? explorerTxUrl(chain, info.hash) : undefined;
}

/** The e-commerce platform's order id, shown only for a shopify-order payment. */
export function platformOrderId(info: Pick<PaymentInfoDto, "type" | "merchantExtras">): string | undefined {
  return info.type === "shopify-order" ? (info.merchantExtras?.orderId ?? undefined) : undefined;
}

/** A date and time for tables and dialogs, in the reader's locale and time zone. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}

/**
 * formatDateTime's text cut where a line may break: the date (with its separator, "Nov 28, 2026,")
 * and the time ("12:35 PM"), so a narrow column puts the time under the date and never breaks
 * inside either. `date + " " + time` is formatDateTime's text when the locale separates them by
 * a space, as English and French do.
 */
export function splitDateTime(iso: string, locale: string, timeZone?: string): { date: string; time: string } {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const at = new Date(iso);
  // Cut formatDateTime's own text (its spaces can differ from formatToParts' in some ICU builds)
  // at the length of the parts before the hour.
  const text = format.format(at);
  const parts = format.formatToParts(at);
  const firstTime = parts.findIndex((p) => p.type === "hour");
  if (firstTime <= 0) return { date: text, time: "" };
  const cut = parts.slice(0, firstTime).reduce((n, p) => n + p.value.length, 0);
  return { date: text.slice(0, cut).trimEnd(), time: text.slice(cut) };
}
