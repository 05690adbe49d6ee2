import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users, type UserSettings, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { DEFAULT_PERMISSIONS } from "@/lib/permissions";
import { isFreshSigninTimestamp, parseSigninMessage } from "@/lib/signin-message";
import { consumeNonce } from "./nonces";
import { decodeSolanaPublicKey, verifyEd25519 } from "../../chains/solana/signature";
import type { SigninSite } from "./site";
import { hashToken, newReferralCode, newSessionToken } from "./tokens";

/** How long a merchant session lasts (`validTill`). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SigninInput {
  publicKey: string;
  signature: number[];
  message: string;
  email?: string;
  referralCode?: string;
}

function newUserSettings(): UserSettings {
  return {
    isOnboarded: false,
    permissions: [...DEFAULT_PERMISSIONS],
    rampOnly: false,
    isNonCustodial: false,
    version: 1,
    restrictUserToChains: [],
  };
}

/**
 * Proves the caller holds the key (ed25519 over our Sign-In With Solana message, made for this
 * site, fresh, with a nonce we issued to this wallet and never saw used), creates the user on
 * first sign-in, and opens a session.
 * @throws {ApiError} 400 malformed key or message; 401 wrong wallet/site, stale, bad signature,
 * used or expired nonce.
 */
export async function signIn(db: Db, input: SigninInput, site: SigninSite, now = new Date()) {
  const key = decodeSolanaPublicKey(input.publicKey);
  if (!key) throw new ApiError(400, "invalid_public_key", "Invalid wallet public key");
  const fields = parseSigninMessage(input.message);
  if (!fields) throw new ApiError(400, "invalid_message", "This is not a zPay sign-in message");
  if (fields.address !== input.publicKey) {
    throw new ApiError(401, "wrong_wallet", "The sign-in message names another wallet");
  }
  // A phishing page relaying our sign-in gets a message naming its own domain, or ours with a
  // nonce it cannot use; either way it ends here or at the nonce.
  if (fields.domain !== site.domain || fields.uri !== site.uri || fields.chainId !== site.chainId) {
    throw new ApiError(401, "wrong_site", `This sign-in was made for another site (${fields.domain}). Sign in on ${site.uri} only.`);
  }
  if (!isFreshSigninTimestamp(fields.timestamp, now.getTime())) {
    throw new ApiError(401, "stale_message", "The sign-in message has expired. Please sign in again.");
  }
  if (!verifyEd25519(key, input.message, Uint8Array.from(input.signature))) {
    throw new ApiError(401, "invalid_signature", "The signature does not match this wallet");
  }
  const token = newSessionToken();
  const validTill = new Date(now.getTime() + SESSION_TTL_MS);

  const user = await db.transaction(async (tx) => {
    await consumeNonce(tx, fields.nonce, input.publicKey, now);

    let [found] = await tx.select().from(users).where(eq(users.publicKey, input.publicKey));
    if (!found) {
      const referrer = input.referralCode
        ? (await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, input.referralCode)))[0]
        : undefined;
      [found] = await tx
        .insert(users)
        .values({
          publicKey: input.publicKey,
          email: input.email || null,
          referralCode: newReferralCode(),
          referredBy: referrer?.id ?? null,
          settings: newUserSettings(),
        })
        .returning();
    } else if (input.email && !found.email) {
      [found] = await tx.update(users).set({ email: input.email }).where(eq(users.id, found.id)).returning();
    }
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId: found.id, validTill, createdAt: now });
    return found;
  });
  return { user, session: { token, validTill } };
}

/**
 * The user behind a live (unexpired, unrevoked) session token, and when they signed in (a
 * session is only ever opened by a sign-in, so its creation time is that moment), or undefined.
 */
export async function sessionForToken(db: Db, token: string, now = new Date()): Promise<{ user: UserRow; signedInAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, signedInAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.validTill, now)));
  return row;
}

export async function revokeSession(db: Db, token: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function acceptTerms(db: Db, userId: string, now = new Date()): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ acceptedTermsAt: now })
    .where(and(eq(users.id, userId), isNull(users.acceptedTermsAt)))
    .returning();
  if (user) return user;
  const [existing] = await db.select().from(users).where(eq(users.id, userId));
  if (!existing) throw new ApiError(404, "not_found", "User not found");
  return existing;
}
