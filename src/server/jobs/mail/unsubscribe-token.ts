import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instanceSecrets } from "../../db/schema";

/** The `instance_secrets` row unsubscribe links are signed with. */
const KEY_NAME = "mail-unsubscribe";

/** Who an unsubscribe link is for: one payer address and the merchant whose mail carried it. */
export interface UnsubscribeSubject {
  merchantId: string;
  email: string;
}

/** The instance's signing key, made (32 random bytes) the first time a link is signed. */
async function signingKey(db: Pick<Db, "select" | "insert">): Promise<Buffer> {
  const read = async () => (await db.select({ secret: instanceSecrets.secret }).from(instanceSecrets).where(eq(instanceSecrets.name, KEY_NAME)))[0]?.secret;
  let secret = await read();
  if (!secret) {
    await db.insert(instanceSecrets).values({ name: KEY_NAME, secret: randomBytes(32).toString("base64url") }).onConflictDoNothing();
    secret = await read();
  }
  return Buffer.from(secret!, "base64url");
}

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest();

/**
 * A link token that works without a sign-in: the merchant id and the address (lower-case), and an
 * HMAC-SHA256 of both with the instance's key, so nobody can make one for another address or
 * merchant. It does not expire: an unsubscribe link in an old mail must keep working.
 */
export async function signUnsubscribeToken(db: Pick<Db, "select" | "insert">, subject: UnsubscribeSubject): Promise<string> {
  const payload = Buffer.from(JSON.stringify([subject.merchantId, subject.email.trim().toLowerCase()])).toString("base64url");
  return `${payload}.${mac(await signingKey(db), payload).toString("base64url")}`;
}

/** The subject of a token this instance signed; undefined for anything else (tampered, truncated, foreign). */
export async function readUnsubscribeToken(db: Pick<Db, "select" | "insert">, token: string): Promise<UnsubscribeSubject | undefined> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > 4096) return undefined;
  const expected = mac(await signingKey(db), payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [merchantId, email] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    return typeof merchantId === "string" && typeof email === "string" ? { merchantId, email } : undefined;
  } catch {
    return undefined;
  }
}
