import { and, desc, eq, sql } from "drizzle-orm";
import { getAddress, type Address, type Hash } from "viem";
import { readBlockHash } from "../../chains/evm/read-block-hash";
import { EvmChainError } from "../../chains/evm/errors";
import { readSettlementHistory, type RouteSettlement } from "../../chains/evm/read-settlement-history";
import { routeClient } from "../../chains/evm/route-client";
import type { Db } from "../../db/client";
import { routeSettlementCursors, routeSettlements } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { deployBlockOf, type MerchantRoute } from "./merchant-routes";

const keyOf = (route: MerchantRoute) => ({ chainId: route.evm.chainId, routeAddress: route.route.toLowerCase() });

async function readCursor(db: Db, route: MerchantRoute): Promise<typeof routeSettlementCursors.$inferSelect | undefined> {
  const { chainId, routeAddress } = keyOf(route);
  const [row] = await db
    .select()
    .from(routeSettlementCursors)
    .where(and(eq(routeSettlementCursors.chainId, chainId), eq(routeSettlementCursors.routeAddress, routeAddress)));
  return row;
}

/** Forgets what was read of a route (its block was replaced): the next read starts from its deployment. */
async function forget(db: Db, route: MerchantRoute) {
  const { chainId, routeAddress } = keyOf(route);
  await db.transaction(async (tx) => {
    await tx.delete(routeSettlements).where(and(eq(routeSettlements.chainId, chainId), eq(routeSettlements.routeAddress, routeAddress)));
    await tx.delete(routeSettlementCursors).where(and(eq(routeSettlementCursors.chainId, chainId), eq(routeSettlementCursors.routeAddress, routeAddress)));
  });
}

/** Stores the events read up to `head` and moves the cursor there, together (never backwards). */
async function save(db: Db, route: MerchantRoute, events: RouteSettlement[], head: { number: bigint; hash: string }) {
  const { chainId, routeAddress } = keyOf(route);
  await db.transaction(async (tx) => {
    if (events.length > 0) {
      await tx
        .insert(routeSettlements)
        .values(events.map((e) => ({ chainId, routeAddress, txHash: e.hash.toLowerCase(), logIndex: e.logIndex, blockNumber: e.blockNumber, token: e.token, toAddress: e.to, amount: e.amount })))
        .onConflictDoNothing();
    }
    await tx
      .insert(routeSettlementCursors)
      .values({ chainId, routeAddress, blockNumber: head.number, blockHash: head.hash, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [routeSettlementCursors.chainId, routeSettlementCursors.routeAddress],
        set: { blockNumber: head.number, blockHash: head.hash, updatedAt: new Date() },
        // Two reads at once: the one that saw the later head wins.
        setWhere: sql`excluded.block_number > ${routeSettlementCursors.blockNumber}`,
      });
  });
}

async function storedEvents(db: Db, route: MerchantRoute): Promise<RouteSettlement[]> {
  const { chainId, routeAddress } = keyOf(route);
  const rows = await db
    .select()
    .from(routeSettlements)
    .where(and(eq(routeSettlements.chainId, chainId), eq(routeSettlements.routeAddress, routeAddress)))
    .orderBy(desc(routeSettlements.blockNumber), desc(routeSettlements.logIndex));
  return rows.map((r) => ({ token: getAddress(r.token), to: getAddress(r.toAddress), amount: r.amount, hash: r.txHash as Hash, logIndex: r.logIndex, blockNumber: r.blockNumber }));
}

/**
 * A route's `Settled` events, newest first, asking the chain only for the blocks after what an
 * earlier call read: a cursor (last block and its hash) and the events up to it are kept in the
 * database. Each call reads the head, checks the cursor's block is still the chain's (a changed
 * hash means a reorganization or a restarted chain: everything is read again from the route's
 * deployment block), reads the new blocks in ranges a capped provider accepts, and stores them
 * with the cursor in one short transaction (never across an RPC call).
 * @throws {EvmChainError} when the node cannot be asked (each call has a deadline: `routeClient`).
 */
export async function routeSettlementHistory(deps: Pick<AppDeps, "database" | "log">, userId: string, route: MerchantRoute): Promise<RouteSettlement[]> {
  const { db } = deps.database;
  const client = routeClient(route.evm);
  let head;
  try {
    head = await client.getBlock({ blockTag: "latest" });
  } catch (cause) {
    throw new EvmChainError("could not read the latest block", { cause });
  }
  if (head.number === null || head.hash === null) throw new EvmChainError("the latest block has no number");
  let cursor = await readCursor(db, route);
  if (cursor && (cursor.blockNumber > head.number || (await readBlockHash(client, cursor.blockNumber))?.toLowerCase() !== cursor.blockHash.toLowerCase())) {
    deps.log.warn({ route: route.route, block: String(cursor.blockNumber) }, "settlements: the route's read block was replaced; reading its history again");
    await forget(db, route);
    cursor = undefined;
  }
  const fromBlock = cursor ? cursor.blockNumber + 1n : await deployBlockOf(deps, userId, route);
  const fresh = fromBlock <= head.number ? await readSettlementHistory(client, route.route as Address, { fromBlock, toBlock: head.number }) : [];
  await save(db, route, fresh, { number: head.number, hash: head.hash });
  return storedEvents(db, route);
}
