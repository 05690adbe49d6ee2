/** A transaction as a local sandbox network recorded it (served by /api/sandbox/tx/{chain}/{hash}). */
export interface RecordedTransaction {
  chainId: number;
  chain: string;
  hash: string;
  /** processed / confirmed / finalized on Solana; mined on EVM. */
  commitment: string;
  success: boolean;
  error?: string;
  slotOrBlock: number;
  time?: string;
  feePayer?: string;
  /** Base units of the native coin. */
  fee: string;
  instructions: { program: string; type?: string; detail?: string }[];
  tokenMovements: { token: string; symbol?: string; owner?: string; from?: string; to?: string; amount: string; decimals: number }[];
  logs: string[];
}
