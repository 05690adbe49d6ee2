import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signinNonces } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { SIGNIN_MAX_SKEW_MS, type SigninChallenge } from "@/lib/signin-message";
import type { SigninSite } from "./site";

/** How long an issued nonce may wait for its signature. */
export const NONCE_TTL_MS = SIGNIN_MAX_SKEW_MS;

/**
 * Issues a single-use nonce for `publicKey` to sign in with, and forgets expired ones (each
 * sign-in attempt tidies up after the previous ones, so the table stays small between
 * maintenance runs).
 */
export async function issueNonce(db: Db, publicKey: string, site: SigninSite, now = new Date()): Promise<SigninChallenge> {
  // 128 random bits, alphanumeric as SIWS (EIP-4361) wants its nonce.
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await db.delete(signinNonces).where(lt(signinNonces.expiresAt, now));
  await db.insert(signinNonces).values({ nonce, publicKey, expiresAt });
  return { ...site, nonce, expiresAt: expiresAt.toISOString() };
}

/** The database or the sign-in's transaction (PGlite: never the outer `db` inside one). */
type Tx = Pick<Db, "delete">;

/**
 * Uses up `nonce` for `publicKey` inside the sign-in's transaction. The single DELETE … RETURNING
 * is what makes it single-use: of two requests racing with one signed message, one row comes back.
 * @throws {ApiError} 401 `nonce_used` (used, unknown or issued to another wallet), 401 `nonce_expired`.
 */
export async function consumeNonce(tx: Tx, nonce: string, publicKey: string, now = new Date()): Promise<void> {
  const [row] = await tx
    .delete(signinNonces)
    .where(and(eq(signinNonces.nonce, nonce), eq(signinNonces.publicKey, publicKey)))
    .returning({ expiresAt: signinNonces.expiresAt });
  if (!row) {
    throw new ApiError(401, "nonce_used", "This sign-in request was already used or was not issued to this wallet. Please sign in again.");
  }
  if (row.expiresAt <= now) throw new ApiError(401, "nonce_expired", "This sign-in request has expired. Please sign in again.");
}
