import type { TransactionErrorJson } from "../bank/errors";
import type { InnerInstructionRecord } from "../bank/svm";
import type { DecodedTransaction } from "../parse/decode-transaction";

/** A token account's balance before or after a transaction (meta.pre/postTokenBalances). */
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: bigint;
  decimals: number;
}

/** A message account key with its role, as jsonParsed reports it. */
export interface AccountKey {
  pubkey: string;
  signer: boolean;
  writable: boolean;
  source: "transaction" | "lookupTable";
}

export interface TransactionMeta {
  err: TransactionErrorJson | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  /** Per top-level instruction (empty lists are dropped when encoded, as agave does). */
  innerInstructions: InnerInstructionRecord[][];
  computeUnitsConsumed: number;
  returnData: { programId: string; data: Uint8Array } | null;
  loadedAddresses: { writable: string[]; readonly: string[] };
}

/** A transaction as this network recorded it when it landed (litesvm keeps no history). */
export interface RecordedTransaction {
  signature: string;
  slot: number;
  /** Unix seconds of the slot. */
  blockTime: number;
  err: TransactionErrorJson | null;
  /** Ledger position: orders transactions inside a slot. */
  seq: number;
  version: "legacy" | 0;
  transaction: DecodedTransaction;
  /** Static keys then loaded addresses (writable, then readonly). */
  accountKeys: AccountKey[];
  meta: TransactionMeta;
  /** meta.logMessages, for the explorer page. */
  logs: string[];
}
