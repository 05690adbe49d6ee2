import type { ParsedInstruction, ParsedTransactionWithMeta, PartiallyDecodedInstruction, TokenBalance } from "@solana/web3.js";
import { MEMO_PROGRAM_ID } from "./programs";

export { MEMO_PROGRAM_ID } from "./programs";

/** One SPL token transfer found in a transaction, with everything a validator needs. */
export interface ObservedTransfer {
  /** Position among the transaction's top-level instructions (part of the exactly-once key). */
  instructionIndex: number;
  /**
   * Position among the inner instructions of that top-level instruction for a transfer made by
   * another program (a smart wallet, an aggregator); -1 for a top-level transfer.
   */
  innerIndex: number;
  source: string;
  destination: string;
  /** From the instruction (transferChecked) or the destination's token balance (transfer). */
  mint?: string;
  /** Base units. */
  amount: bigint;
  /** The wallet (or program) that signed the transfer. */
  authority: string;
  /** Owner of the source token account, from the transaction's token balances, when listed. */
  sourceOwner?: string;
}

export interface ObservedTransaction {
  signature: string;
  slot: number;
  /** Block time, when the node gives it. */
  blockTime?: Date;
  /** The chain's error, when the transaction failed (it is still recorded on chain). */
  err?: string;
  transfers: ObservedTransfer[];
  /** Every memo in the transaction, in order. */
  memos: string[];
  /** Token balance change of each token account the transaction touched (post − pre, base units). */
  balanceChanges: Record<string, bigint>;
  /** Every account the transaction names (a reference key is one of them). */
  accountKeys: string[];
  /** The keys that signed the transaction, the fee payer first (it is always the first account key and a signer). */
  signers: string[];
}

type AnyInstruction = ParsedInstruction | PartiallyDecodedInstruction;

const isParsed = (ix: AnyInstruction): ix is ParsedInstruction => "parsed" in ix;

/** The balance entry of a token account in the transaction's own token balances. */
function balanceOf(balances: TokenBalance[] | null | undefined, index: number): TokenBalance | undefined {
  return balances?.find((b) => b.accountIndex === index);
}

/** post − pre of every token account listed in the transaction's token balances. */
function balanceChanges(tx: ParsedTransactionWithMeta, keys: string[]): Record<string, bigint> {
  const changes: Record<string, bigint> = {};
  const indexes = new Set([...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])].map((b) => b.accountIndex));
  for (const index of indexes) {
    const pre = BigInt(balanceOf(tx.meta?.preTokenBalances, index)?.uiTokenAmount.amount ?? "0");
    const post = BigInt(balanceOf(tx.meta?.postTokenBalances, index)?.uiTokenAmount.amount ?? "0");
    const account = keys[index];
    if (account) changes[account] = post - pre;
  }
  return changes;
}

/**
 * The token transfers and memos of a parsed transaction (jsonParsed encoding). Pure: no RPC.
 * Top-level instructions and the inner instructions other programs made (CPI) both count: a
 * payment through a smart wallet or an aggregator is still money that reached the merchant.
 * Indexes (outer, inner) are stable across nodes and make the exactly-once key.
 */
export function extractTransfers(signature: string, tx: ParsedTransactionWithMeta): ObservedTransaction {
  const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey.toBase58());
  const owners = new Map<string, string>();
  const mints = new Map<string, string>();
  for (const b of [...(tx.meta?.postTokenBalances ?? []), ...(tx.meta?.preTokenBalances ?? [])]) {
    const account = keys[b.accountIndex];
    if (!account) continue;
    if (b.owner && !owners.has(account)) owners.set(account, b.owner);
    if (!mints.has(account)) mints.set(account, b.mint);
  }
  const transfers: ObservedTransfer[] = [];
  const memos: string[] = [];
  const visit = (ix: AnyInstruction, instructionIndex: number, innerIndex: number) => {
    if (!isParsed(ix)) return;
    if (ix.program === "spl-memo" || ix.programId.toBase58() === MEMO_PROGRAM_ID) {
      if (typeof ix.parsed === "string") memos.push(ix.parsed);
      return;
    }
    if (ix.program !== "spl-token" && ix.program !== "spl-token-2022") return;
    const { type, info } = ix.parsed as { type: string; info: Record<string, unknown> };
    if (type !== "transfer" && type !== "transferChecked") return;
    const source = String(info.source);
    const destination = String(info.destination);
    const rawAmount = type === "transferChecked" ? (info.tokenAmount as { amount: string }).amount : String(info.amount);
    transfers.push({
      instructionIndex,
      innerIndex,
      source,
      destination,
      mint: typeof info.mint === "string" ? info.mint : mints.get(destination),
      amount: BigInt(rawAmount),
      authority: String(info.authority ?? info.multisigAuthority ?? ""),
      ...(owners.has(source) ? { sourceOwner: owners.get(source) } : {}),
    });
  };
  const inner = new Map((tx.meta?.innerInstructions ?? []).map((group) => [group.index, group.instructions as AnyInstruction[]]));
  tx.transaction.message.instructions.forEach((ix: AnyInstruction, index) => {
    visit(ix, index, -1);
    inner.get(index)?.forEach((innerIx, innerIndex) => visit(innerIx, index, innerIndex));
  });
  const err = tx.meta?.err;
  return {
    signature,
    slot: tx.slot,
    ...(tx.blockTime ? { blockTime: new Date(tx.blockTime * 1000) } : {}),
    err: err ? JSON.stringify(err) : undefined,
    transfers,
    memos,
    balanceChanges: balanceChanges(tx, keys),
    accountKeys: keys,
    signers: tx.transaction.message.accountKeys.filter((k) => k.signer).map((k) => k.pubkey.toBase58()),
  };
}
