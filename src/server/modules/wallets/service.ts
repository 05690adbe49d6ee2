import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchantWallets, type WalletRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { chainById, isEvmChain } from "@/lib/chains";
import { walletAddressError } from "@/lib/wallet-address";

/** How a wallet was attached (SPEC §3 Wallet.type); only manual entry exists so far. */
export type WalletType = "manual";

/**
 * The address a merchant receives payments at on `chainId`, or undefined when none is attached
 * (or it was marked invalid). Payments use it as their recipient. One EVM address serves every
 * EVM chain: for an EVM chain, the wallet attached on that very chain wins, else the oldest valid
 * wallet attached on any EVM chain.
 */
export async function getReceivingWallet(db: Db, userId: string, chainId: number): Promise<{ address: string } | undefined> {
  if (!isEvmChain(chainId)) {
    const [row] = await db
      .select({ address: merchantWallets.address })
      .from(merchantWallets)
      .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.chainId, chainId), eq(merchantWallets.valid, true)));
    return row ? { address: row.address } : undefined;
  }
  const rows = await db
    .select({ chainId: merchantWallets.chainId, address: merchantWallets.address })
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.valid, true)))
    .orderBy(asc(merchantWallets.createdAt), asc(merchantWallets.id));
  const row = rows.find((r) => r.chainId === chainId) ?? rows.find((r) => isEvmChain(r.chainId));
  return row ? { address: row.address } : undefined;
}

/** The merchant's wallets, oldest first. */
export async function listWallets(db: Db, userId: string): Promise<WalletRow[]> {
  return db.select().from(merchantWallets).where(eq(merchantWallets.userId, userId)).orderBy(asc(merchantWallets.createdAt));
}

export interface AttachWalletInput {
  chainId: number;
  address: string;
  type: WalletType;
}

/**
 * Stores the merchant's receiving address on a chain after checking it with the same rule as
 * the form (SPEC §5). One per chain: a second one is refused with `already-attached`.
 * @throws {ApiError} 400 invalid address, 409 a wallet is already attached on that chain.
 */
export async function attachWallet(db: Db, userId: string, input: AttachWalletInput): Promise<WalletRow> {
  const problem = walletAddressError(input.chainId, input.address);
  if (problem) throw new ApiError(400, "invalid_wallet_address", problem, [{ path: "address", message: problem }]);
  const address = input.address.trim();
  const [created] = await db
    .insert(merchantWallets)
    .values({ userId, chainId: input.chainId, address, type: input.type })
    .onConflictDoNothing({ target: [merchantWallets.userId, merchantWallets.chainId] })
    .returning();
  if (created) return created;
  const chain = chainById(input.chainId)?.name ?? `chain ${input.chainId}`;
  throw new ApiError(409, "already-attached", `A receiving wallet is already attached on ${chain}.`);
}
