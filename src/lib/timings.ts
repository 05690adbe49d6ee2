/** Timings from SPEC §9, in milliseconds; one place so tests and UI agree. */

/** A toast hides itself this long after it is shown, unless it was shown with `autoClose: false`. */
export const TOAST_AUTO_HIDE_MS = 4000;

/** A toast that hid itself is removed from the store this long after it was shown. */
export const TOAST_CLEANUP_MS = 5000;

/** The sign-in failure snackbar hides itself after this long. */
export const SIGNIN_SNACKBAR_MS = 6000;

/** After a 401/403 while signed in, the session is cleared and /auth opened after this long. */
export const SESSION_EXPIRED_LOGOUT_MS = 2000;

/** After a wallet's "must provide an … address" error, the reconnect hint toast follows after this long. */
export const WALLET_ERROR_INFO_TOAST_MS = 1500;

/** The pay page asks the server for a payment's progress this often. */
export const PAY_PROGRESS_POLL_MS = 2000;

/** After a successful payment with a callback URL, the pay page returns the payer after this long. */
export const PAY_CALLBACK_REDIRECT_MS = 5000;

/** The most the pay page waits for the wallet's RPC to read its balances (the swap list), per read. */
export const PAY_BALANCE_READ_MS = 8000;
