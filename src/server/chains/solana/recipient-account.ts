import { PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { SolanaRuntime } from "../runtime";
import { SolanaChainError } from "./errors";
import { solanaConnection } from "./connection";

export interface RecipientAccount {
  /** The merchant wallet's associated token account for the mint. */
  address: string;
  /** True when it does not exist yet (or could not be checked) and the payer's transaction must open it. */
  mustCreate: boolean;
}

/**
 * Token accounts seen to exist, per chain. A token account only goes from missing to
 * existing in practice (closing one needs the merchant's own wallet and would send its next payer
 * an error, not lose money), so once seen it is never asked about again: a busy link's starts make
 * no chain call. Bounded: past the limit the oldest entries are forgotten and asked about again.
 */
const seen = new Map<string, true>();
const SEEN_LIMIT = 100_000;

function remember(key: string) {
  if (seen.size >= SEEN_LIMIT) seen.delete(seen.keys().next().value!);
  seen.set(key, true);
}

/**
 * Where a Solana payment lands: the merchant's associated token account. A local sandbox network
 * opens a missing one itself (no cost to the payer); on a real network a missing account is
 * reported so the payer's transaction opens it idempotently.
 * @throws {SolanaChainError} when the RPC does not answer within the chain's deadline and retries.
 */
export async function recipientTokenAccount(solana: SolanaRuntime, owner: string, mint: string): Promise<RecipientAccount> {
  const address = recipientTokenAddress(owner, mint);
  const key = `${solana.chainId} ${address}`;
  if (seen.has(key)) return { address, mustCreate: false };
  // The chain's own deadline and bounded retries (RPC_TIMEOUT_MS, RPC_RETRIES, fallback URLs).
  const connection = solanaConnection(solana, "confirmed");
  let exists: boolean;
  try {
    exists = (await connection.getAccountInfo(new PublicKey(address), "confirmed")) !== null;
  } catch (cause) {
    throw new SolanaChainError(`getAccountInfo(${address}) failed`, { cause });
  }
  if (!exists && solana.local) {
    await solana.local.mintTokens(owner, mint, 0n);
    exists = true;
  }
  if (exists) remember(key);
  return { address, mustCreate: !exists };
}

/** The account's address alone, for when the chain cannot be asked (no RPC call). */
export function recipientTokenAddress(owner: string, mint: string): string {
  return getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true).toBase58();
}
