import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ProductType } from "@/lib/product-types";
import type { Db } from "../db/client";
import { payableLinks, type PayableLinkRow } from "../db/schema";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** Length of public ids: 58^12 ≈ 2^70, far beyond guessing. */
export const HASHED_ID_LENGTH = 12;

/** A short unguessable public id: uniform base58 from crypto randomness (rejection sampling). */
export function newHashedId(length = HASHED_ID_LENGTH): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 232 && out.length < length) out += BASE58[byte % 58]; // 232 = 4 × 58: no bias
    }
  }
  return out;
}

/**
 * Names a new product in the one public id namespace (`?p=`). Call it inside the transaction that
 * inserts the product, so a link never names nothing and a product is never unreachable.
 */
export async function registerPayableLink(
  tx: Pick<Db, "insert">,
  link: { hashedId: string; productType: ProductType; productId: string; userId: string },
): Promise<void> {
  await tx.insert(payableLinks).values(link);
}

/** The product a public id names; undefined for an unknown or malformed id. */
export async function findPayableLink(db: Db, hashedId: string): Promise<PayableLinkRow | undefined> {
  if (!hashedId || hashedId.length > 64) return undefined;
  const [row] = await db.select().from(payableLinks).where(eq(payableLinks.hashedId, hashedId));
  return row;
}
