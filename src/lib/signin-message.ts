import { createSignInMessageText, parseSignInMessageText } from "@solana/wallet-standard-util";

/**
 * The message a merchant's wallet signs to sign in: a Sign-In With Solana (SIWS) message whose
 * statement is SPEC §9's fixed prefix plus the current timestamp. The domain and URI bind it to
 * this site, and the server-issued nonce makes it single-use, so a phishing page can neither
 * collect a signature for us nor replay one. Shared by the sign-in screen, which builds it (or
 * hands its fields to a wallet's `solana:signIn`), and the server, which parses it.
 */
export const SIGNIN_MESSAGE_PREFIX = "Sign in to zPay. This request will not trigger a blockchain transaction or cost any fees. Timestamp: ";

/** How far the signed timestamp may be from the server clock, either way; also a nonce's lifetime. */
export const SIGNIN_MAX_SKEW_MS = 5 * 60 * 1000;

export const SIGNIN_VERSION = "1";

/** What the server hands out before a sign-in (POST /api/auth/nonce): the fields only it may choose. */
export interface SigninChallenge {
  /** Host (and port) of the merchant app, e.g. `pay.example.com`. */
  domain: string;
  /** Origin of the merchant app, e.g. `https://pay.example.com`. */
  uri: string;
  /** The Solana cluster this instance receives payments on, e.g. `solana:mainnet`. */
  chainId: string;
  /** Single-use, bound to the wallet it was issued for. */
  nonce: string;
  /** ISO time after which the nonce is refused. */
  expiresAt: string;
}

/** Everything a sign-in message says. */
export interface SigninFields {
  domain: string;
  address: string;
  uri: string;
  chainId: string;
  nonce: string;
  /** ms since the epoch: the statement's timestamp, also written as `Issued At`. */
  timestamp: number;
}

/** The `solana:signIn` input (Wallet Standard) for these fields; wallets build the same text from it. */
export function signinInput(fields: SigninFields) {
  return {
    domain: fields.domain,
    address: fields.address,
    statement: `${SIGNIN_MESSAGE_PREFIX}${fields.timestamp}`,
    uri: fields.uri,
    version: SIGNIN_VERSION,
    chainId: fields.chainId,
    nonce: fields.nonce,
    issuedAt: new Date(fields.timestamp).toISOString(),
  };
}

/** The fields a wallet at `address` signs for `challenge` at `now`. */
export function signinFields(challenge: Omit<SigninChallenge, "expiresAt">, address: string, now: number = Date.now()): SigninFields {
  return { domain: challenge.domain, address, uri: challenge.uri, chainId: challenge.chainId, nonce: challenge.nonce, timestamp: now };
}

export function buildSigninMessage(fields: SigninFields): string {
  return createSignInMessageText(signinInput(fields));
}

/**
 * The fields of a sign-in message, or null when it is not one of ours: every field present,
 * the statement our prefix plus a 13-digit timestamp, `Issued At` that same instant, and nothing
 * else (the text must be exactly what `buildSigninMessage` makes of its fields).
 */
export function parseSigninMessage(message: string): SigninFields | null {
  const parsed = parseSignInMessageText(message);
  if (!parsed?.statement || !parsed.uri || !parsed.chainId || !parsed.nonce || !parsed.issuedAt) return null;
  if (parsed.version !== SIGNIN_VERSION || !parsed.statement.startsWith(SIGNIN_MESSAGE_PREFIX)) return null;
  const stamp = parsed.statement.slice(SIGNIN_MESSAGE_PREFIX.length);
  if (!/^\d{13}$/.test(stamp)) return null;
  const fields: SigninFields = {
    domain: parsed.domain,
    address: parsed.address,
    uri: parsed.uri,
    chainId: parsed.chainId,
    nonce: parsed.nonce,
    timestamp: Number(stamp),
  };
  return buildSigninMessage(fields) === message ? fields : null;
}

export function isFreshSigninTimestamp(timestamp: number, now: number = Date.now()): boolean {
  return Math.abs(now - timestamp) <= SIGNIN_MAX_SKEW_MS;
}
