import type { Hash, PublicClient } from "viem";
import { EvmChainError } from "./errors";

/** Blocks below the head that count as final on a chain whose node has no `finalized` tag. */
export const DEFAULT_FINALITY_DEPTH = 64;

export interface ChainHead {
  /** The newest block: a log in it has its first confirmation. */
  number: bigint;
  hash: Hash;
  /** The newest final block: a log at or below it is validated. */
  finalized: bigint;
}

/**
 * The chain's head and its final block: the node's `finalized` block tag (post-merge Ethereum and
 * most L2s; anvil answers the head less two epochs), else the head less `finalityDepth` blocks.
 * @throws {EvmChainError} when the node cannot tell its head.
 */
export async function readChainHead(client: PublicClient, { finalityDepth = DEFAULT_FINALITY_DEPTH }: { finalityDepth?: number } = {}): Promise<ChainHead> {
  let head;
  try {
    head = await client.getBlock({ blockTag: "latest" });
  } catch (cause) {
    throw new EvmChainError("could not read the latest block", { cause });
  }
  if (head.number === null || head.hash === null) throw new EvmChainError("the latest block has no number");
  const byDepth = head.number - BigInt(finalityDepth);
  const finalized = await client
    .getBlock({ blockTag: "finalized" })
    .then((b) => b.number ?? byDepth)
    .catch(() => byDepth);
  return { number: head.number, hash: head.hash, finalized: finalized < 0n ? -1n : finalized > head.number ? head.number : finalized };
}
