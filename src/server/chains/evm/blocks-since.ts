import type { PublicClient } from "viem";
import { EvmChainError } from "./errors";

/** Blocks the block rate is measured over: recent enough to be today's rate, long enough that one slow block does not skew it. */
const RATE_SAMPLE_BLOCKS = 1_000n;

/** Looking a quarter further back than the estimate costs only a wider log filter; missing a refund costs a double refund. */
const MARGIN = 1.25;

/** The chain's head and how fast it makes blocks, read once and used for every "how many blocks since" of a pass. */
export interface BlockClock {
  head: bigint;
  /** The head's timestamp, seconds (the chain's clock, not ours). */
  headTime: number;
  /** Average seconds between blocks over the last `RATE_SAMPLE_BLOCKS`; 0 when the chain is too young to tell. */
  secondsPerBlock: number;
}

/**
 * Reads the head and a block `RATE_SAMPLE_BLOCKS` below it.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function readBlockClock(client: PublicClient): Promise<BlockClock> {
  try {
    const head = await client.getBlock({ blockTag: "latest" });
    const sampleNumber = head.number > RATE_SAMPLE_BLOCKS ? head.number - RATE_SAMPLE_BLOCKS : 0n;
    const sample = sampleNumber === head.number ? head : await client.getBlock({ blockNumber: sampleNumber });
    const blocks = Number(head.number - sample.number);
    return { head: head.number, headTime: Number(head.timestamp), secondsPerBlock: blocks > 0 ? Number(head.timestamp - sample.timestamp) / blocks : 0 };
  } catch (cause) {
    throw new EvmChainError("could not read the chain's head and block rate", { cause });
  }
}

/**
 * How many blocks back reach `since` (with a margin), never more than the chain has. A chain whose
 * blocks all share a timestamp (rate unknown) answers the whole chain.
 */
export function blocksSince(clock: BlockClock, since: Date): bigint {
  const seconds = clock.headTime - since.getTime() / 1000;
  if (seconds <= 0) return 0n;
  if (clock.secondsPerBlock <= 0) return clock.head;
  const blocks = BigInt(Math.ceil((seconds / clock.secondsPerBlock) * MARGIN));
  return blocks < clock.head ? blocks : clock.head;
}
