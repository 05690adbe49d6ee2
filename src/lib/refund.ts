import { formatBaseUnits } from "./money";

/**
 * Refunds (SPEC §2 Refund dialog, §3 Refund balance data, §7 /v2/refunds, §8): the DTOs client and
 * server agree on, the server's messages, and the partial refund's slider ↔ amount arithmetic.
 */

/** SPEC §9: refund slider 1 to 100 percent, default 100. */
export const REFUND_PERCENT = { min: 1, max: 100, default: 100 } as const;

/** SPEC §8 texts the server answers (the dialog shows them as they come, except not-found, which it names itself). */
export const REFUND_MESSAGES = {
  notFound: "Transaction not found",
  notRefundable: "Only a paid or validated payment can be refunded",
  nothingLeft: "This payment has already been refunded",
  senderRefunded: "This wallet has already been refunded all it sent",
  notASender: "This wallet did not pay this payment",
  aboveAvailable: "The refund is larger than what can still be refunded ({available})",
  notPositive: "The refund amount must be more than zero",
  noPayer: "The payer of this payment is not known",
  badAmount: "The refund amount must be a whole number of the token's smallest unit",
  oneSubject: "Give either paymentId or unmappedId",
  noChain: "This chain is not available for refunds",
  refundNotFound: "Refund not found",
} as const;

/**
 * Earlier refunds of the same payment that failed (expired, or the wallet was said to refuse) but
 * whose EVM transfer may still land, for up to a week after they started: a new refund of the
 * same money then refunds the payer twice. The server warns rather than refuses: such a refund
 * almost never lands, and refusing would hold the payer's money for a week; the merchant knows
 * whether their wallet signed. Null when there is none.
 */
export interface RefundMayStillArrive {
  /** Their total, base units, and as the merchant reads it ("12.5 USDC"). */
  amount: string;
  label: string;
}

/**
 * A wallet whose money the payment received, and what may still go back to it: a refund to a
 * wallet is never more than it sent (less what it already got back), so a stranger who sent dust
 * with the payment's reference can only ever get its dust back.
 */
export interface RefundSenderDto {
  /** The wallet (owner of the money) and its token account the refund lands in. */
  address: string;
  tokenAccount: string;
  /** What it sent and what may still be refunded to it, base units. */
  sent: string;
  available: string;
  /** `available` as the merchant reads it ("7.5 USDC"). */
  label: string;
}

/** SPEC §3 Refund balance data, plus what the dialog's "checking balance" step needs. */
export interface RefundBalanceDto {
  /** What can still be refunded to `to` (the default destination), base units. */
  txAmount: string;
  txAmountStr: { label: string; info: { decimals: number; token: string } };
  /** The merchant wallet's balance of the token (decimal text), null when the chain could not say. */
  availBalanceStr: string | null;
  /** The same in base units. */
  availBalance: string | null;
  /** What the payment received and what confirmed refunds already sent back, base units. */
  received: string;
  refunded: string;
  paymentId: string | null;
  unmappedId: string | null;
  chain: number;
  /** How the refund would leave (RefundInstructionDto's `via`): with "route", the balance above is the merchant's route contract's. */
  via: "transfer" | "proxy" | "route";
  mayStillArrive: RefundMayStillArrive | null;
  /** Where a refund goes unless another sender is named: the wallet that sent the most. Null when no sender is known. */
  to: string | null;
  /** Every wallet whose money arrived, `to` first, then by what they sent. */
  senders: RefundSenderDto[];
}

/** What the merchant's wallet must sign (answer of /v2/refunds/init). */
export interface RefundInstructionDto {
  refundId: string;
  chain: number;
  /** Mint (Solana) or token contract (EVM). */
  tokenAddress: string;
  token: string;
  decimals: number;
  /** Base units. */
  amount: string;
  /** The merchant's wallet that must sign, and its token account the money leaves. */
  from: string | null;
  sourceTokenAccount: string;
  /** The payer's wallet and token account the money goes back to. */
  to: string;
  destinationTokenAccount: string;
  /** The key the transfer must carry (Solana: a read-only key on the transfer instruction). */
  reference: string;
  /** The memo the transfer carries. */
  memo: string;
  /** EVM: Request Network's ERC20FeeProxy the merchant's wallet sends the refund through (with `reference`); null on Solana. */
  proxy: string | null;
  /**
   * How the merchant's wallet sends it: "transfer" (Solana), "proxy" (EVM, from the wallet through
   * `proxy`, after an approve) or "route" (EVM, the money sits in the merchant's route contract:
   * the wallet, the route's owner, sends `route` as is; no approve).
   */
  via: "transfer" | "proxy" | "route";
  /** via "route": the transaction to send, to the route with refund(token, payer, amount, reference) as data; null otherwise. */
  route: { to: string; data: string } | null;
  /** Earlier refunds that may still land besides this one (see RefundMayStillArrive). */
  mayStillArrive: RefundMayStillArrive | null;
}

/** The memo of a refund's transfer back (SPEC §9: a memo carrying the order reference). */
export const refundMemo = (refundId: string) => `zpay-refund:${refundId}`;

/** The balance line the dialog shows: "12.5 USDC". */
export function refundLabel(amount: bigint, decimals: number, token: string): string {
  return `${formatBaseUnits(amount, decimals)} ${token}`.trim();
}

/** The slider's percent of `available`, in base units, rounded down (never more than available, at least 1 unit). */
export function amountForPercent(available: bigint, percent: number): bigint {
  const p = Math.min(REFUND_PERCENT.max, Math.max(REFUND_PERCENT.min, Math.round(percent)));
  const amount = (available * BigInt(p)) / 100n;
  return amount > 0n ? amount : available > 0n ? 1n : 0n;
}

/** The percent the slider shows for a typed amount, clamped to 1–100. */
export function percentForAmount(available: bigint, amount: bigint): number {
  if (available <= 0n) return REFUND_PERCENT.default;
  const p = Number((amount * 100n) / available);
  return Math.min(REFUND_PERCENT.max, Math.max(REFUND_PERCENT.min, p));
}
