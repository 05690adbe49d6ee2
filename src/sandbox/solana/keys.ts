import { createHash } from "node:crypto";
import { Keypair } from "@solana/web3.js";

/** A keypair derived from a fixed label, so sandbox addresses stay the same across restarts. */
export function seededKeypair(label: string): Keypair {
  return Keypair.fromSeed(createHash("sha256").update(label).digest());
}

/** Deterministic sandbox identities. */
export const SANDBOX_KEYPAIRS = {
  /** Funded at genesis; pays airdrops and the fees of faucet transactions. */
  faucet: seededKeypair("zpay-sandbox-faucet"),
  /** Mint authority of the test stablecoins. */
  mintAuthority: seededKeypair("zpay-sandbox-mint-authority"),
  USDC: seededKeypair("zpay-sandbox-usdc"),
  USDT: seededKeypair("zpay-sandbox-usdt"),
} as const;

/** Program ids the parsers and the genesis code recognise. */
export const PROGRAM_IDS = {
  system: "11111111111111111111111111111111",
  token: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  token2022: "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
  associatedToken: "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
  memo: "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
  memoV1: "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo",
  computeBudget: "ComputeBudget111111111111111111111111111111",
  addressLookupTable: "AddressLookupTab1e1111111111111111111111111",
} as const;

export const isTokenProgram = (id: string) => id === PROGRAM_IDS.token || id === PROGRAM_IDS.token2022;
export const isMemoProgram = (id: string) => id === PROGRAM_IDS.memo || id === PROGRAM_IDS.memoV1;

/** The genesis hash getGenesisHash reports: fixed, like the keys. */
export const GENESIS_HASH_SEED = "zpay-sandbox-genesis";
