import { Connection } from "@solana/web3.js";
import { createPublicClient, type Address, type PublicClient } from "viem";
import { payableChain } from "../chains/families";
import type { ChainRuntime, EvmRuntime } from "../chains/runtime";
import { solanaConnection as openSolanaConnection } from "../chains/solana/connection";
import { evmHttp } from "../chains/evm/transport";
import type { Db } from "../db/client";
import type { RefundRow } from "../db/schema";
import { confirmLateRefund, confirmRefund, findOwnRoute, type LateConfirmation } from "./refunds";

/** The connection to the Solana network this process pays on, when it pays on one with that chain id. */
export function solanaConnection(chains: ChainRuntime, chainId: number): Connection | undefined {
  const solana = chains.solana;
  if (!solana || solana.chainId !== chainId) return undefined;
  return openSolanaConnection(solana, "confirmed");
}

/** The EVM network this process pays on with that chain id (one with a fee proxy), and a client to read it. */
export function evmChain(chains: ChainRuntime, chainId: number): { runtime: EvmRuntime & { feeProxy: Address }; client: PublicClient } | undefined {
  const runtime = chains.evm.find((c) => c.chainId === chainId);
  if (!runtime?.feeProxy) return undefined;
  return { runtime: runtime as EvmRuntime & { feeProxy: Address }, client: createPublicClient({ transport: evmHttp(runtime), cacheTime: 0 }) };
}

export interface RefundSeen {
  confirmed: boolean;
  /** Webhook events to deliver (empty when not seen yet or confirmed before). */
  eventIds: string[];
}

/**
 * Looks for the refund's transfer back on chain, as its chain's family does (Solana: by the
 * refund's reference key; EVM: the hash the merchant's wallet answered first, then the fee-proxy
 * or route log), and confirms the refund when it is there. A chain this process does not run
 * answers "not seen".
 * @throws {SolanaChainError | EvmChainError} when the chain cannot be asked.
 */
export async function confirmIfOnChain(
  db: Db,
  chains: ChainRuntime,
  refund: RefundRow,
  now: Date,
  claimedHash: string | null = refund.signature,
): Promise<RefundSeen> {
  if (refund.status === "confirmed") return { confirmed: true, eventIds: [] };
  if (refund.status === "failed") return { confirmed: false, eventIds: [] };
  const found = await findOnChain(db, chains, refund, { hash: claimedHash });
  if (!found) return { confirmed: false, eventIds: [] };
  return { confirmed: true, eventIds: await confirmRefund(db, refund.id, found.hash, now) };
}

/**
 * Looks for a failed refund's transfer over the last `lookbackBlocks` (since the refund started:
 * it may have landed long after it expired) and, when it is there, confirms it all the same (see
 * `confirmLateRefund`). Undefined when the chain does not show it.
 * @throws {EvmChainError} when the chain cannot be asked.
 */
export async function confirmLateIfOnChain(db: Db, chains: ChainRuntime, refund: RefundRow, now: Date, lookbackBlocks: bigint): Promise<(LateConfirmation & { hash: string }) | undefined> {
  const found = await findOnChain(db, chains, refund, { hash: refund.signature, lookbackBlocks });
  if (!found) return undefined;
  const done = await confirmLateRefund(db, refund.id, found.hash, now);
  return done && { ...done, hash: found.hash };
}

/** The refund's transfer on its chain, when this process runs that chain and the chain shows it. */
async function findOnChain(db: Db, chains: ChainRuntime, refund: RefundRow, search: { hash: string | null; lookbackBlocks?: bigint }): Promise<{ hash: string } | undefined> {
  const payable = payableChain(chains, refund.chainId);
  if (!payable) return undefined;
  const { family, chain } = payable;
  // Money that left the merchant's own route contract is refunded by the route's own event.
  const fromRoute = family.routeContracts && (await findOwnRoute(db, refund.userId, refund.chainId, refund.sourceTokenAccount)) !== null;
  return family.findRefund(chain, refund, { ...search, fromRoute });
}
