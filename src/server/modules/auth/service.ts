import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, usedSigninMessages, users, type UserSettings } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { DEFAULT_PERMISSIONS } from "@/lib/permissions";
import { isFreshSigninTimestamp, parseSigninMessage } from "@/lib/signin-message";
import { decodeSolanaPublicKey, verifyEd25519 } from "./signature";
import { hashToken, newReferralCode, newSessionToken } from "./tokens";

/** How long a merchant session lasts (`validTill`). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

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
 * Proves the caller holds the key (ed25519 over our message, fresh, never seen before), creates
 * the user on first sign-in, and opens a session.
 * @throws {ApiError} 400 malformed key or message, 401 bad/stale/replayed signature.
 */
export async function signIn(db: Db, input: SigninInput, now = new Date()) {
  const key = decodeSolanaPublicKey(input.publicKey);
  if (!key) throw new ApiError(400, "invalid_public_key", "Invalid wallet public key");
  const timestamp = parseSigninMessage(input.message);
  if (timestamp === null) throw new ApiError(400, "invalid_message", "This is not a zPay sign-in message");
  if (!isFreshSigninTimestamp(timestamp, now.getTime())) {
    throw new ApiError(401, "stale_message", "The sign-in message has expired. Please sign in again.");
  }
  if (!verifyEd25519(key, input.message, Uint8Array.from(input.signature))) {
    throw new ApiError(401, "invalid_signature", "The signature does not match this wallet");
  }
  const digest = createHash("sha256").update(`${input.publicKey}\n${input.message}`).digest("hex");
  const token = newSessionToken();
  const validTill = new Date(now.getTime() + SESSION_TTL_MS);

  const user = await db.transaction(async (tx) => {
    const fresh = await tx.insert(usedSigninMessages).values({ digest }).onConflictDoNothing().returning();
    if (fresh.length === 0) throw new ApiError(401, "message_replayed", "This sign-in message was already used");

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
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId: found.id, validTill });
    return found;
  });
  return { user, session: { token, validTill } };
}

/** The user behind a live (unexpired, unrevoked) session token, or undefined. */
export async function userForToken(db: Db, token: string, now = new Date()): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.validTill, now)));
  return row?.user;
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
