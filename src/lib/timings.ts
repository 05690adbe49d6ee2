/** Timings from SPEC §9, in milliseconds; one place so tests and UI agree. */

/** A toast hides itself this long after it is shown, unless it was shown with `autoClose: false`. */
export const TOAST_AUTO_HIDE_MS = 4000;

/** A toast that hid itself is removed from the store this long after it was shown. */
export const TOAST_CLEANUP_MS = 5000;
