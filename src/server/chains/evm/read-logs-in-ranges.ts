import { EvmChainError } from "./errors";

/** Node providers cap `eth_getLogs` differently (1,000, 2,000, 10,000 blocks, or a result count)
 *  and say so in their own words. The window that worked after a wider one was refused, per node
 *  address, so the next search starts there instead of being refused again. */
const learnedRange = new Map<string, bigint>();

/**
 * Every log `read` gives for blocks `fromBlock`..`toBlock` (inclusive), oldest first. The whole
 * range is asked for at once; when the node refuses it (a capped provider, too many results), the
 * range is halved until a window is accepted, and the rest is read in windows of that size. A
 * single block the node still refuses is a real failure.
 * @param key what the learned window size is kept under (the node's address), so a capped
 *   provider is not asked for a range it refused again.
 * @throws {EvmChainError} when the node refuses a range of one block.
 */
export async function readLogsInRanges<T>(
  key: string,
  read: (fromBlock: bigint, toBlock: bigint) => Promise<T[]>,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<T[]> {
  const logs: T[] = [];
  let window = learnedRange.get(key) ?? toBlock - fromBlock + 1n;
  let refused = false;
  for (let from = fromBlock; from <= toBlock; ) {
    const to = from + window - 1n < toBlock ? from + window - 1n : toBlock;
    try {
      logs.push(...(await read(from, to)));
      from = to + 1n;
      // Learned only once a smaller window was accepted after a refusal: a node that is down
      // refuses every size, and must not leave later searches crawling one block at a time.
      if (refused) learnedRange.set(key, window);
      refused = false;
    } catch (cause) {
      if (to === from) throw new EvmChainError(`eth_getLogs of block ${from} failed`, { cause });
      window = (to - from + 1n) / 2n;
      refused = true;
    }
  }
  return logs;
}

/** The key a client's node is known by: its address when it has one (clients are made per call). */
export function nodeKey(client: { uid: string; transport: Record<string, unknown> }): string {
  return typeof client.transport.url === "string" ? client.transport.url : client.uid;
}
