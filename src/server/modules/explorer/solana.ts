import { type ParsedInstruction, type ParsedTransactionWithMeta, type PartiallyDecodedInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import type { SolanaRuntime } from "../../chains/runtime";
import { solanaConnection } from "../../chains/solana/connection";
import type { RecordedTransactionDto, TokenMovement } from "./dto";

function describe(ix: ParsedInstruction | PartiallyDecodedInstruction): RecordedTransactionDto["instructions"][number] {
  if ("parsed" in ix) {
    const parsed: unknown = ix.parsed;
    if (typeof parsed === "string") return { program: ix.program, type: "memo", detail: parsed };
    const { type, info } = (parsed ?? {}) as { type?: string; info?: unknown };
    return { program: ix.program, type, detail: info === undefined ? undefined : JSON.stringify(info) };
  }
  return { program: ix.programId.toBase58() };
}

/** Token balance changes per (account, mint), the way explorers show transfers. */
function movements(tx: ParsedTransactionWithMeta, symbols: Map<string, string>): TokenMovement[] {
  const pre = tx.meta?.preTokenBalances ?? [];
  const post = tx.meta?.postTokenBalances ?? [];
  const keys = new Set([...pre, ...post].map((b) => `${b.accountIndex}:${b.mint}`));
  return [...keys].flatMap((key) => {
    const [index, mint] = key.split(":") as [string, string];
    const before = pre.find((b) => `${b.accountIndex}:${b.mint}` === key);
    const after = post.find((b) => `${b.accountIndex}:${b.mint}` === key);
    const change = BigInt(after?.uiTokenAmount.amount ?? "0") - BigInt(before?.uiTokenAmount.amount ?? "0");
    if (change === 0n) return [];
    const decimals = (after ?? before)!.uiTokenAmount.decimals;
    const owner = after?.owner ?? before?.owner;
    void index;
    return [{ token: mint, symbol: symbols.get(mint), owner, amount: String(change), decimals }];
  });
}

/** A Solana signature is 64 bytes in base58; anything else would make the RPC node answer with an error. */
export function isSolanaSignature(value: string): boolean {
  try {
    return bs58.decode(value).length === 64;
  } catch {
    return false;
  }
}

/** What the Solana network recorded for `signature`, or undefined when it knows none. */
export async function readSolanaTransaction(solana: SolanaRuntime, chainName: string, signature: string): Promise<RecordedTransactionDto | undefined> {
  const connection = solanaConnection(solana, "confirmed");
  const [tx, status] = await Promise.all([
    connection.getParsedTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }),
    connection.getSignatureStatus(signature, { searchTransactionHistory: true }),
  ]);
  if (!tx) return undefined;
  const symbols = new Map(Object.entries(solana.mints).map(([symbol, mint]) => [mint, symbol]));
  const err = tx.meta?.err;
  return {
    chainId: solana.chainId,
    chain: chainName,
    hash: signature,
    commitment: status.value?.confirmationStatus ?? "processed",
    success: !err,
    error: err ? JSON.stringify(err) : undefined,
    slotOrBlock: tx.slot,
    time: tx.blockTime ? new Date(tx.blockTime * 1000).toISOString() : undefined,
    feePayer: tx.transaction.message.accountKeys[0]?.pubkey.toBase58(),
    fee: String(tx.meta?.fee ?? 0),
    instructions: tx.transaction.message.instructions.map(describe),
    tokenMovements: movements(tx, symbols),
    logs: tx.meta?.logMessages ?? [],
  };
}
