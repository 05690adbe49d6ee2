import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Address } from "viem";
import { findRouteDeployBlock } from "../../chains/evm/find-route-deploy-block";
import { routeClient } from "../../chains/evm/route-client";
import type { EvmRuntime } from "../../chains/runtime";
import { merchantWallets, retiredRoutes } from "../../db/schema";
import type { AppDeps } from "../../deps";

/** One of the merchant's route contracts, with the chain it lives on and that chain's runtime. */
export interface MerchantRoute {
  route: Address;
  /** The wallet that owns it: the only one whose transactions it obeys. */
  owner: Address;
  evm: EvmRuntime;
  /** Where its history starts, when known (see `deployBlockOf`). */
  deployBlock: bigint | null;
  /** The route new payments go to; the others are routes of wallets the merchant replaced. */
  current: boolean;
}

/**
 * The merchant's routes whose chain runs here: the current one first (the EVM wallet's, when it
 * has one), then earlier ones, most recently replaced first. Earlier routes stay listed because
 * they may still hold the merchant's money (see `retiredRoutes`).
 */
export async function listMerchantRoutes(deps: Pick<AppDeps, "database" | "chains">, userId: string): Promise<MerchantRoute[]> {
  const { db } = deps.database;
  const [wallets, earlier] = await Promise.all([
    db
      .select({ chainId: merchantWallets.chainId, owner: merchantWallets.address, route: merchantWallets.routeAddress, deployBlock: merchantWallets.routeDeployBlock })
      .from(merchantWallets)
      .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.family, "evm"), isNotNull(merchantWallets.routeAddress))),
    db
      .select({ chainId: retiredRoutes.chainId, owner: retiredRoutes.ownerAddress, route: retiredRoutes.routeAddress, deployBlock: retiredRoutes.deployBlock })
      .from(retiredRoutes)
      .where(eq(retiredRoutes.userId, userId))
      .orderBy(desc(retiredRoutes.retiredAt)),
  ]);
  const rows = [...wallets.map((w) => ({ ...w, current: true })), ...earlier.map((r) => ({ ...r, current: false }))];
  return rows.flatMap((row) => {
    const evm = deps.chains.evm.find((e) => e.chainId === row.chainId);
    return evm && row.route ? [{ route: row.route as Address, owner: row.owner as Address, evm, deployBlock: row.deployBlock, current: row.current }] : [];
  });
}

/**
 * The block to read `route`'s history from: the stored deployment block, else found once on
 * chain (binary search on code presence) and stored, so later reads start there. When the node
 * cannot tell (a pruned node refuses old state), block 0: slower, paged, but nothing is missed.
 */
export async function deployBlockOf(deps: Pick<AppDeps, "database" | "log">, userId: string, route: MerchantRoute): Promise<bigint> {
  if (route.deployBlock !== null) return route.deployBlock;
  let found: bigint | undefined;
  try {
    found = await findRouteDeployBlock(routeClient(route.evm), route.route);
  } catch (err) {
    deps.log.warn({ err, route: route.route }, "settlements: the route's deployment block could not be found; reading from block 0");
  }
  if (found === undefined) return 0n;
  const { db } = deps.database;
  if (route.current) {
    await db
      .update(merchantWallets)
      .set({ routeDeployBlock: found })
      .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.routeAddress, route.route)));
  } else {
    await db
      .update(retiredRoutes)
      .set({ deployBlock: found })
      .where(and(eq(retiredRoutes.userId, userId), eq(retiredRoutes.routeAddress, route.route)));
  }
  return found;
}
