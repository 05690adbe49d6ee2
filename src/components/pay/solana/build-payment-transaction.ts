import "@/lib/polyfills";
import { PublicKey, Transaction } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction, getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { paymentMemoInstruction, paymentTransferInstruction } from "@/lib/solana/payment-instructions";

export { MEMO_PROGRAM_ID } from "@/lib/solana/payment-instructions";

export interface BuildPaymentTransactionInput {
  /** The payer's wallet (owner of the source token account, signer and fee payer). */
  payer: PublicKey;
  info: Pick<PaymentTransactionInfo, "address" | "tokenAddress" | "amountWei" | "decimals" | "reference" | "memo"> &
    Partial<Pick<PaymentTransactionInfo, "recipient" | "createRecipientAccount">>;
  /** A recent blockhash from the connection and the last block height it is valid for. */
  blockhash: string;
  lastValidBlockHeight: number;
  /** The mint's token program; classic SPL Token unless the mint belongs to Token-2022. */
  tokenProgramId?: PublicKey;
}

/** The payer's associated token account for the mint (where the paid tokens come from). */
export function payerTokenAccount(payer: PublicKey, mint: PublicKey, tokenProgramId: PublicKey = TOKEN_PROGRAM_ID): PublicKey {
  return getAssociatedTokenAddressSync(mint, payer, false, tokenProgramId);
}

/**
 * The payment as one legacy transaction (SPEC §9, Solana Pay layout): a `TransferChecked` from
 * the payer's associated token account to `info.address` with `info.reference` appended as a
 * read-only non-signer key (the server finds the payment by it), then a memo carrying
 * `info.memo` signed by the payer. Fee payer is the payer. When the server says the recipient's
 * token account does not exist yet, an idempotent create of it comes first (the payer pays its rent).
 * @throws Error when an address is not a valid public key or `amountWei` is not a positive integer.
 */
export function buildPaymentTransaction({ payer, info, blockhash, lastValidBlockHeight, tokenProgramId = TOKEN_PROGRAM_ID }: BuildPaymentTransactionInput): Transaction {
  const mint = new PublicKey(info.tokenAddress);
  const transfer = paymentTransferInstruction(payerTokenAccount(payer, mint, tokenProgramId), payer, info, tokenProgramId);
  const memo = paymentMemoInstruction(payer, info.memo);
  const tx = new Transaction({ feePayer: payer, blockhash, lastValidBlockHeight });
  if (info.createRecipientAccount && info.recipient) {
    tx.add(createAssociatedTokenAccountIdempotentInstruction(payer, new PublicKey(info.address), new PublicKey(info.recipient), mint, tokenProgramId));
  }
  return tx.add(transfer, memo);
}
