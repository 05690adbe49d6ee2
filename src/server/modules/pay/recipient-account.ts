import { PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { SolanaRuntime } from "../../chains/runtime";
import { solanaConnection } from "../../chains/solana/connection";

export interface RecipientAccount {
  /** The merchant wallet's associated token account for the mint. */
  address: string;
  /** True when it does not exist yet and the payer's transaction must open it. */
  mustCreate: boolean;
}

/**
 * Where a Solana payment lands: the merchant's associated token account. A local sandbox network
 * opens a missing one itself (no cost to the payer); on a real network a missing account is
 * reported so the payer's transaction opens it idempotently.
 */
export async function recipientTokenAccount(solana: SolanaRuntime, owner: string, mint: string): Promise<RecipientAccount> {
  const address = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true).toBase58();
  const connection = solanaConnection(solana, "confirmed");
  if (await connection.getAccountInfo(new PublicKey(address), "confirmed")) return { address, mustCreate: false };
  if (solana.local) {
    await solana.local.mintTokens(owner, mint, 0n);
    return { address, mustCreate: false };
  }
  return { address, mustCreate: true };
}
