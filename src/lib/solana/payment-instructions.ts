import { Buffer } from "buffer";
import { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, createTransferCheckedInstruction } from "@solana/spl-token";

/** The SPL Memo program (v2). */
export const MEMO_PROGRAM_ID = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

/** What a payment's transfer carries, as the server answered it at start (or derived it for a swap). */
export interface PaymentTransferInfo {
  /** The merchant's token account (destination). */
  address: string;
  tokenAddress: string;
  /** Base units, a positive integer as text. */
  amountWei: string;
  decimals: number;
  /** The payment's reference public key. */
  reference: string;
  memo: string;
}

/**
 * The payment's `TransferChecked` (SPEC §9, Solana Pay layout): `source` (owned by `owner`, who
 * signs) to `info.address`, exactly `info.amountWei` checked against the mint, with `info.reference`
 * appended as a read-only non-signer key so the server finds the payment by it. One builder for the
 * pay page's direct transfer and the swap's delivery leg, so both look the same to the watcher.
 * @throws Error when an address is not a valid public key or `amountWei` is not a positive integer.
 */
export function paymentTransferInstruction(
  source: PublicKey,
  owner: PublicKey,
  info: PaymentTransferInfo,
  tokenProgramId: PublicKey = TOKEN_PROGRAM_ID,
): TransactionInstruction {
  if (!/^\d+$/.test(info.amountWei) || BigInt(info.amountWei) <= 0n) throw new Error(`Invalid payment amount: ${info.amountWei}`);
  const transfer = createTransferCheckedInstruction(
    source,
    new PublicKey(info.tokenAddress),
    new PublicKey(info.address),
    owner,
    BigInt(info.amountWei),
    info.decimals,
    [],
    tokenProgramId,
  );
  transfer.keys.push({ pubkey: new PublicKey(info.reference), isSigner: false, isWritable: false });
  return transfer;
}

/** The payment's memo, signed by `signer` (Memo v2 checks every key it names signed). */
export function paymentMemoInstruction(signer: PublicKey, memo: string): TransactionInstruction {
  return new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: [{ pubkey: signer, isSigner: true, isWritable: false }],
    data: Buffer.from(memo, "utf8"),
  });
}
