/**
 * The message a merchant's wallet signs to sign in (SPEC §9: a fixed prefix plus the current
 * timestamp). Shared by the sign-in screen, which builds it, and the server, which parses it.
 */
export const SIGNIN_MESSAGE_PREFIX = "Sign in to zPay. This request will not trigger a blockchain transaction or cost any fees. Timestamp: ";

/** How far the signed timestamp may be from the server clock, either way. */
export const SIGNIN_MAX_SKEW_MS = 5 * 60 * 1000;

export function buildSigninMessage(now: number = Date.now()): string {
  return `${SIGNIN_MESSAGE_PREFIX}${now}`;
}

/** The timestamp (ms) a sign-in message carries, or null when it is not one of ours. */
export function parseSigninMessage(message: string): number | null {
  if (!message.startsWith(SIGNIN_MESSAGE_PREFIX)) return null;
  const rest = message.slice(SIGNIN_MESSAGE_PREFIX.length);
  if (!/^\d{13}$/.test(rest)) return null;
  return Number(rest);
}

export function isFreshSigninTimestamp(timestamp: number, now: number = Date.now()): boolean {
  return Math.abs(now - timestamp) <= SIGNIN_MAX_SKEW_MS;
}
