/**
 * Whether a wallet error means the payer said no (closed or declined the prompt), as opposed to a
 * failure: a payer's cancel is shown calmly as cancelled, never as a red "Payment failed", and
 * never in the wallet's English.
 */

/** What wallets write when the payer declines, whatever wallet wrote it (they answer in English). */
export const USER_REJECTION_MESSAGE = /user (rejected|denied|cancel)|rejected the request|request (was )?rejected|cancell?ed by (the )?user/i;

/** EIP-1193 `4001 User Rejected Request` (viem's `UserRejectedRequestError` carries it too). */
const EIP1193_USER_REJECTED = 4001;

/** Solana wallet-adapter errors that wrap a declined prompt (their message says it was the user). */
const SOLANA_ADAPTER_ERRORS = new Set(["WalletSignTransactionError", "WalletSendTransactionError", "WalletSignMessageError", "WalletSignInError"]);

const MAX_DEPTH = 6;

/**
 * Whether `err` (or an error it wraps, through `cause` as viem and wagmi nest them) is the payer's
 * rejection: EIP-1193 code 4001, viem's `UserRejectedRequestError`, a Solana wallet-adapter error or
 * any wallet error saying "User rejected …".
 */
export function isUserRejection(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < MAX_DEPTH && current; depth++) {
    if (typeof current === "string") return USER_REJECTION_MESSAGE.test(current);
    if (typeof current !== "object") return false;
    const { code, name, message, cause } = current as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
    if (code === EIP1193_USER_REJECTED || name === "UserRejectedRequestError") return true;
    const text = typeof message === "string" ? message : "";
    if (USER_REJECTION_MESSAGE.test(text)) return true;
    // A wallet-adapter error wraps the wallet's own error (as `error`, and `cause` where set).
    const wrapped = (current as { error?: unknown }).error;
    current = cause ?? (typeof name === "string" && SOLANA_ADAPTER_ERRORS.has(name) ? wrapped : undefined);
  }
  return false;
}
