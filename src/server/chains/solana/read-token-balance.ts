import { PublicKey, type Connection } from "@solana/web3.js";
import { SolanaChainError } from "./errors";

/**
 * The balance of a token account in base units; 0 when the account does not exist (nothing was
 * ever received there, or it was closed).
 * @throws {SolanaChainError} when the RPC call fails for another reason.
 */
export async function readTokenBalance(connection: Connection, tokenAccount: string): Promise<bigint> {
  const key = new PublicKey(tokenAccount);
  try {
    if (!(await connection.getAccountInfo(key, "confirmed"))) return 0n;
    const balance = await connection.getTokenAccountBalance(key, "confirmed");
    return BigInt(balance.value.amount);
  } catch (cause) {
    throw new SolanaChainError(`getTokenAccountBalance(${tokenAccount}) failed`, { cause });
  }
}
