/** Timings from SPEC §9, in milliseconds; one place so tests and UI agree. */

/** A toast hides itself this long after it is shown, unless it was shown with `autoClose: false`. */
export const TOAST_AUTO_HIDE_MS = 4000;

/** A toast that hid itself is removed from the store this long after it was shown. */
export const TOAST_CLEANUP_MS = 5000;

/** The sign-in failure snackbar hides itself after this long. */
export const SIGNIN_SNACKBAR_MS = 6000;

/** After a 401/403 while signed in, the session is cleared and /auth opened after this long. */
export const SESSION_EXPIRED_LOGOUT_MS = 2000;
