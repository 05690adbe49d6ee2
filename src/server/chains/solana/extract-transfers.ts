import type { ParsedInstruction, ParsedTransactionWithMeta, PartiallyDecodedInstruction } from "@solana/web3.js";

export const MEMO_PROGRAM_ID = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";

/** One SPL token transfer found in a transaction, with everything a validator needs. */
export interface ObservedTransfer {
  /** Position among the transaction's top-level instructions (part of the exactly-once key). */
  instructionIndex: number;
  source: string;
  destination: string;
  /** From the instruction (transferChecked) or the destination's token balance (transfer). */
  mint?: string;
  /** Base units. */
  amount: bigint;
  /** The wallet that signed the transfer: the payer. */
  authority: string;
}

export interface ObservedTransaction {
  signature: string;
  slot: number;
  /** The chain's error, when the transaction failed (it is still recorded on chain). */
  err?: string;
  transfers: ObservedTransfer[];
  /** Every memo in the transaction, in order. */
  memos: string[];
}

type AnyInstruction = ParsedInstruction | PartiallyDecodedInstruction;

const isParsed = (ix: AnyInstruction): ix is ParsedInstruction => "parsed" in ix;

/** The mint of a token account, read from the transaction's own token balances. */
function mintOf(tx: ParsedTransactionWithMeta, account: string): string | undefined {
  const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey.toBase58());
  const index = keys.indexOf(account);
  const balance = [...(tx.meta?.postTokenBalances ?? []), ...(tx.meta?.preTokenBalances ?? [])].find((b) => b.accountIndex === index);
  return balance?.mint;
}

/**
 * The token transfers and memos of a parsed transaction (jsonParsed encoding). Pure: no RPC.
 * Only top-level instructions count: a payment is a direct transfer the payer signed, and
 * their indexes are stable across nodes.
 */
export function extractTransfers(signature: string, tx: ParsedTransactionWithMeta): ObservedTransaction {
  const transfers: ObservedTransfer[] = [];
  const memos: string[] = [];
  tx.transaction.message.instructions.forEach((ix: AnyInstruction, instructionIndex) => {
    if (!isParsed(ix)) return;
    if (ix.program === "spl-memo" || ix.programId.toBase58() === MEMO_PROGRAM_ID) {
      if (typeof ix.parsed === "string") memos.push(ix.parsed);
      return;
    }
    if (ix.program !== "spl-token") return;
    const { type, info } = ix.parsed as { type: string; info: Record<string, unknown> };
    if (type !== "transfer" && type !== "transferChecked") return;
    const destination = String(info.destination);
    const rawAmount = type === "transferChecked" ? (info.tokenAmount as { amount: string }).amount : String(info.amount);
    transfers.push({
      instructionIndex,
      source: String(info.source),
      destination,
      mint: typeof info.mint === "string" ? info.mint : mintOf(tx, destination),
      amount: BigInt(rawAmount),
      authority: String(info.authority ?? info.multisigAuthority ?? ""),
    });
  });
  const err = tx.meta?.err;
  return { signature, slot: tx.slot, err: err ? JSON.stringify(err) : undefined, transfers, memos };
}
