import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EvmChainError } from "./errors";
import { readLogsInRanges } from "./read-logs-in-ranges";

/** A node that keeps one log per block and refuses any range wider than `cap` blocks, as providers do. */
function cappedNode(cap: bigint) {
  const calls: [bigint, bigint][] = [];
  const read = async (from: bigint, to: bigint) => {
    calls.push([from, to]);
    if (to - from + 1n > cap) throw new Error(`query exceeds max block range ${cap}`);
    const logs: bigint[] = [];
    for (let b = from; b <= to; b++) logs.push(b);
    return logs;
  };
  return { read, calls };
}

const blocks = (from: bigint, to: bigint) => Array.from({ length: Number(to - from + 1n) }, (_, i) => from + BigInt(i));

describe("reading logs in ranges a capped node accepts", () => {
  it("asks for the whole range at once when the node allows it", async () => {
    const node = cappedNode(1_000_000n);
    expect(await readLogsInRanges(crypto.randomUUID(), node.read, 100n, 5_000n)).toEqual(blocks(100n, 5_000n));
    expect(node.calls).toEqual([[100n, 5_000n]]);
  });

  it("halves a refused range until the node accepts it, reads the rest in that window, and starts there next time", async () => {
    const key = crypto.randomUUID();
    const node = cappedNode(1_000n);
    expect(await readLogsInRanges(key, node.read, 0n, 9_999n)).toEqual(blocks(0n, 9_999n));
    const accepted = node.calls.filter(([f, t]) => t - f + 1n <= 1_000n);
    expect(accepted.every(([f, t]) => t - f + 1n === 625n)).toBe(true); // 10,000 → 5,000 → 2,500 → 1,250 → 625
    expect(node.calls.length - accepted.length).toBe(4);

    node.calls.length = 0;
    expect(await readLogsInRanges(key, node.read, 20_000n, 21_249n)).toEqual(blocks(20_000n, 21_249n));
    expect(node.calls).toEqual([
      [20_000n, 20_624n],
      [20_625n, 21_249n],
    ]); // no refusal the second time
  });

  it("gives up when the node refuses even one block (it is down, not capped), and does not remember that", async () => {
    const key = crypto.randomUUID();
    const down = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    await expect(readLogsInRanges(key, down, 0n, 1_000n)).rejects.toThrow(EvmChainError);
    const node = cappedNode(1_000_000n);
    await readLogsInRanges(key, node.read, 0n, 1_000n);
    expect(node.calls).toEqual([[0n, 1_000n]]); // back up: asked whole again
  });

  it("is empty for an empty range", async () => {
    const node = cappedNode(10n);
    expect(await readLogsInRanges(crypto.randomUUID(), node.read, 10n, 9n)).toEqual([]);
    expect(node.calls).toEqual([]);
  });

  it("reads every block exactly once, in order, within the cap, whatever the range and the cap", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 5_000n }), fc.bigInt({ min: 1n, max: 3_000n }), async (from, length, cap) => {
        const node = cappedNode(cap);
        const to = from + length;
        expect(await readLogsInRanges(crypto.randomUUID(), node.read, from, to)).toEqual(blocks(from, to));
      }),
      { numRuns: 60 },
    );
  });
});
