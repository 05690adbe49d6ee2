import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { ZAPI_ROTATION_GRACE_MS, ZAPI_SECRET_PREFIX, type ZapiSecretStatus } from "@/lib/zapi";
import type { Db } from "../../db/client";
import { apiSecrets, type ApiSecretRow } from "../../db/schema";

/** A new API secret: the prefix and 32 random bytes (256 bits, so a plain SHA-256 is enough at rest). */
export function newApiSecret(): string {
  return `${ZAPI_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What is stored of a secret: its hex SHA-256. */
export const hashApiSecret = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

/** Compares two hex digests in constant time (both are 64 characters, so the length leaks nothing). */
function sameHash(storedHex: string, candidateHex: string): boolean {
  const a = Buffer.from(storedHex, "hex");
  const b = Buffer.from(candidateHex, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Which of the account's secrets `secret` is: the current one, the previous one while its grace
 * lasts, or none.
 */
export function matchApiSecret(row: Pick<ApiSecretRow, "secretHash" | "previousHash" | "previousExpiresAt">, secret: string, now: Date): "current" | "previous" | undefined {
  const hash = hashApiSecret(secret);
  if (sameHash(row.secretHash, hash)) return "current";
  if (row.previousHash && row.previousExpiresAt && now < row.previousExpiresAt && sameHash(row.previousHash, hash)) return "previous";
  return undefined;
}

const hintOf = (secret: string) => secret.slice(-4);

export function toSecretStatus(row: ApiSecretRow | undefined, now: Date): ZapiSecretStatus {
  if (!row) return { exists: false, hint: null, createdAt: null, legacy: false, previous: null };
  const previous = row.previousHint && row.previousExpiresAt && now < row.previousExpiresAt ? { hint: row.previousHint, expiresAt: row.previousExpiresAt.toISOString() } : null;
  return { exists: true, hint: row.hint, createdAt: row.createdAt.toISOString(), legacy: row.legacy, previous };
}

export async function findApiSecret(db: Db, userId: string): Promise<ApiSecretRow | undefined> {
  const [row] = await db.select().from(apiSecrets).where(eq(apiSecrets.userId, userId));
  return row;
}

/**
 * Makes the account a new API secret and answers it: the only time it is ever seen, since only its
 * hash is stored. The one before stops at once, unless `keepPrevious` keeps it for
 * ZAPI_ROTATION_GRACE_MS (a secret already in its grace period is dropped: only one is kept).
 */
export async function regenerateApiSecret(db: Db, userId: string, options: { keepPrevious: boolean }, now = new Date()): Promise<{ secret: string; row: ApiSecretRow }> {
  const secret = newApiSecret();
  const fresh = { secretHash: hashApiSecret(secret), hint: hintOf(secret), legacy: false, createdAt: now };
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiSecrets).where(eq(apiSecrets.userId, userId)).for("update");
    const previous =
      before && options.keepPrevious
        ? { previousHash: before.secretHash, previousHint: before.hint, previousExpiresAt: new Date(now.getTime() + ZAPI_ROTATION_GRACE_MS) }
        : { previousHash: null, previousHint: null, previousExpiresAt: null };
    const [saved] = await tx
      .insert(apiSecrets)
      .values({ userId, ...fresh, ...previous })
      .onConflictDoUpdate({ target: apiSecrets.userId, set: { ...fresh, ...previous } })
      .returning();
    return saved;
  });
  return { secret, row };
}

/** Stops the previous secret now, whatever was left of its grace period. */
export async function revokePreviousApiSecret(db: Db, userId: string): Promise<ApiSecretRow | undefined> {
  const [row] = await db.update(apiSecrets).set({ previousHash: null, previousHint: null, previousExpiresAt: null }).where(eq(apiSecrets.userId, userId)).returning();
  return row;
}
