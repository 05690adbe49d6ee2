/**
 * What an EVM wallet failure means for the pay page, read from the error chain viem and wagmi
 * build (each error keeps its cause) without importing them, so this stays pure and testable.
 */
export type EvmWalletErrorKind =
  /** The payer said no in the wallet (EIP-1193 4001): say so, change nothing else. */
  | "rejected"
  /** The wallet cannot or will not use the chain (4902 unknown chain, a chain it refuses, one wagmi has no config for): disconnect and reset. */
  | "chain-not-allowed"
  /** Anything else: its message as a toast. */
  | "other";

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  details?: unknown;
  cause?: unknown;
}

const USER_REJECTED = 4001;
const UNRECOGNIZED_CHAIN = 4902;
const CHAIN_ERRORS = new Set(["ChainNotConfiguredError", "SwitchChainNotSupportedError", "ConnectorChainMismatchError"]);
const CHAIN_REFUSED = /unrecognized chain|(chain|network).*not (supported|allowed|configured)|unsupported (chain|network)/i;

/** The error and its causes, outermost first (at most 10, against cycles). */
function chain(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current: unknown = err;
  while (current && typeof current === "object" && out.length < 10) {
    out.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return out;
}

export function classifyEvmWalletError(err: unknown): EvmWalletErrorKind {
  const errors = chain(err);
  // The wallet's own answer is the innermost coded error: wagmi wraps a failed "add this network"
  // in a UserRejectedRequestError (code 4001) whatever the wallet said, so the outer code can lie.
  const answer = errors.filter((e) => typeof e.code === "number").at(-1);
  if (answer ? answer.code === USER_REJECTED : errors.some((e) => e.name === "UserRejectedRequestError")) return "rejected";
  if (
    errors.some(
      (e) =>
        e.code === UNRECOGNIZED_CHAIN ||
        (typeof e.name === "string" && CHAIN_ERRORS.has(e.name)) ||
        (e.name === "SwitchChainError" && typeof e.details === "string" && CHAIN_REFUSED.test(e.details)) ||
        (typeof e.message === "string" && CHAIN_REFUSED.test(e.message)),
    )
  )
    return "chain-not-allowed";
  return "other";
}

/**
 * The wallet's own words for the toast: viem wraps a wallet's answer ("Invalid parameters: must
 * provide an Ethereum address.") in `details` under its generic `shortMessage`, so the innermost
 * `details` wins, then the outermost short message, then the message.
 */
export function evmWalletMessage(err: unknown): string {
  const errors = chain(err);
  const details = errors.map((e) => e.details).filter((d): d is string => typeof d === "string" && d.trim() !== "");
  if (details.length) return details[details.length - 1]!;
  for (const e of errors) {
    if (typeof e.shortMessage === "string" && e.shortMessage) return e.shortMessage;
    if (typeof e.message === "string" && e.message) return e.message.split("\n")[0]!;
  }
  return typeof err === "string" ? err : "";
}
