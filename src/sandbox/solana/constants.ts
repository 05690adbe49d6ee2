/**
 * The numbers that make this network behave like a real cluster. Depths are in slots; tests run
 * the clock fast (10-20 ms a slot) so the same depths pass quickly.
 */

/** A transaction landed in slot S is confirmed once the tip reaches S + this (a supermajority voted on S). */
export const CONFIRMATION_DEPTH = 1;
/** ...and finalized (rooted) once the tip reaches S + this: 32 slots, as on mainnet. */
export const FINALITY_DEPTH = 32;
/** A blockhash is usable for 150 blocks (agave's MAX_PROCESSING_AGE); lastValidBlockHeight = its height + this. */
export const MAX_BLOCKHASH_AGE = 150;
/** How far back getSignatureStatuses looks without `searchTransactionHistory` (the status cache). */
export const STATUS_CACHE_SLOTS = 300;
/** The base fee; a real cluster's lamportsPerSignature. */
export const LAMPORTS_PER_SIGNATURE = 5_000;
/** Default compute unit limit per instruction, for the priority fee when no limit is requested. */
export const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
export const SLOTS_PER_EPOCH = 432_000;
export const DEFAULT_SLOT_MS = 400;
/** Largest serialized transaction a node accepts (one UDP packet). */
export const PACKET_DATA_SIZE = 1_232;
/** RPC input caps, as agave enforces them. */
export const MAX_SIGNATURES_FOR_ADDRESS = 1_000;
export const MAX_SIGNATURE_STATUSES = 256;
export const MAX_MULTIPLE_ACCOUNTS = 100;
/** The faucet's genesis balance: 5M SOL, kept below 2^53 so every JSON client reads it exactly. */
export const FAUCET_GENESIS_LAMPORTS = 5_000_000n * 1_000_000_000n;
/** Test USDC and USDT have 6 decimals, as on mainnet. */
export const SANDBOX_TOKEN_DECIMALS = 6;
/** What getVersion reports: the agave line whose RPC behaviour this server follows. */
export const SOLANA_CORE_VERSION = "2.2.0";
