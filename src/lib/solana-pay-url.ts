import "./polyfills";
import { encodeURL } from "@solana/pay";
import { PublicKey } from "@solana/web3.js";
import BigNumber from "bignumber.js";
import type { PaymentTransactionInfo } from "./pay-api";

/** What a Solana Pay transfer request names besides the payment: shown by the wallet that scans it. */
export interface SolanaPayLabels {
  /** Who is paid (the merchant's name). */
  label: string;
  /** What is paid for (the product's label). */
  message?: string;
}

/**
 * The Solana Pay transfer-request URL (`solana:<recipient>?amount=…&spl-token=…&reference=…&memo=…`)
 * of a started payment, for a phone wallet to scan and pay without connecting. The recipient is
 * the merchant's wallet (the wallet derives its token account); the amount is exact decimal text
 * from the base units; the reference is what the watcher finds the transfer by.
 * @throws Error when an address in `info` is not a valid public key.
 */
export function solanaPayUrl(
  info: Pick<PaymentTransactionInfo, "recipient" | "tokenAddress" | "amountWei" | "decimals" | "reference" | "memo">,
  { label, message }: SolanaPayLabels,
): string {
  return encodeURL({
    recipient: new PublicKey(info.recipient),
    amount: new BigNumber(info.amountWei).shiftedBy(-info.decimals),
    splToken: new PublicKey(info.tokenAddress),
    reference: new PublicKey(info.reference),
    label,
    message,
    memo: info.memo || undefined,
  }).toString();
}
