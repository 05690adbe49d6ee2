import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productionRequests } from "../../db/schema";

/**
 * Records that a merchant asked for production access. Asking again keeps the first request
 * (operators see when the merchant first asked); the answer is the same either way.
 */
export async function requestProductionAccess(db: Db, userId: string): Promise<{ requestedAt: Date }> {
  const [created] = await db.insert(productionRequests).values({ userId }).onConflictDoNothing().returning();
  if (created) return { requestedAt: created.requestedAt };
  const [existing] = await db.select().from(productionRequests).where(eq(productionRequests.userId, userId));
  return { requestedAt: existing.requestedAt };
}
