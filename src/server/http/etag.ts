import { createHash } from "node:crypto";

/**
 * A short SHA-256 of `value`'s JSON (base64url, 128 bits): answers built from equal inputs share it,
 * so it serves as both cache key and ETag. Key order is the builder's, which is fixed in code; a
 * bigint (money in base units) counts by its digits.
 */
export function contentHash(value: unknown): string {
  const json = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
  return createHash("sha256").update(json).digest("base64url").slice(0, 22);
}

/**
 * Whether an `If-None-Match` header names `etag`: the weak comparison RFC 9110 §13.1.2 asks of
 * GET (a `W/` prefix on either side is ignored); `*` names any current answer.
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/**
 * Cache-Control of a payer's page or document that changes when it is paid: only the payer's own
 * browser keeps it (the link is the capability), and it asks again each time (a 304 when unchanged).
 */
export const REVALIDATE_PRIVATE = "private, max-age=0, must-revalidate";
