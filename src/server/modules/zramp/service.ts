import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchantWallets, type UserRow } from "../../db/schema";
import { buildRampUrl } from "@/lib/zramp";

/**
 * The merchant's ramp address, or null without a provider. The coins go to the merchant's Solana
 * receiving wallet; a merchant without one yet gets them on the Solana wallet they sign in with.
 */
export async function rampLink(db: Db, providerBase: string | undefined, user: Pick<UserRow, "id" | "publicKey">): Promise<string | null> {
  if (!providerBase) return null;
  const [receiving] = await db
    .select({ address: merchantWallets.address })
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, user.id), eq(merchantWallets.family, "solana"), eq(merchantWallets.valid, true)))
    .limit(1);
  return buildRampUrl(providerBase, { accountId: user.id, solanaAddress: receiving?.address ?? user.publicKey });
}
