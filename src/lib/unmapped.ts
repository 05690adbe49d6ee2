import type { AmountDto } from "./transaction-details";
import type { PaymentStatus } from "./payment-status";

/**
 * The Unmapped screen's data (SPEC §2 side menu "Unmapped", §7 `/v2/unmapped`), shared by the
 * server that fills it and the screen that shows it. Amounts are base units as integer text plus
 * decimals (money is never a float); times are ISO.
 */

/** Money that reached the merchant's receiving account without paying any payment. */
export interface UnmappedInflowDto {
  _id: string;
  /** Chain id (SPEC §3 ids). */
  chain: number;
  amount: AmountDto;
  /** Mint (Solana) or token contract (EVM). */
  tokenAddress: string;
  /** The wallet that sent it. */
  sender: string;
  hash: string;
  /** The explorer page of `hash` when the server knows one (sandbox networks); else derived from `chain`. */
  scanLink: string | null;
  /** When the chain says it happened, else when the scan found it. */
  date: string;
}

/** A payment of the merchant's that an inflow may be mapped to: still unpaid, same chain, token and recipient. */
export interface OpenPaymentDto {
  /** The transaction's id. */
  _id: string;
  /** Product type: quick-pay, collect, bill, invoice, product, donate, dynamic. */
  type: string;
  status: PaymentStatus;
  /** Why it failed (expired, underpaid) when it did. */
  failureReason: string | null;
  requestedAmount: AmountDto;
  /** What arrived so far (an underpaid payment); null when nothing did. */
  recievedAmount: AmountDto | null;
  /** When the payment started. */
  lockedAt: string;
}

/** Body of `POST /v2/unmapped/{id}/map`. */
export interface MapUnmappedRequest {
  paymentId: string;
}
