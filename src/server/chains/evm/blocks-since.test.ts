import { describe, expect, it } from "vitest";
import { blocksSince, type BlockClock } from "./blocks-since";

const HEAD_TIME = Date.parse("2026-11-24T12:00:00Z") / 1000;
const at = (secondsBeforeHead: number) => new Date((HEAD_TIME - secondsBeforeHead) * 1000);
const clock = (over: Partial<BlockClock> = {}): BlockClock => ({ head: 5_000_000n, headTime: HEAD_TIME, secondsPerBlock: 2, ...over });

/**
 * How far back a late refund is searched: every block since it started. A fixed lookback is not
 * enough: 10,000 blocks are 5.5 hours of a 2-second chain and 40 minutes of a 0.25-second one,
 * while a late refund is looked for during a week.
 */
describe("blocks since a time", () => {
  it("covers the time at the chain's block rate, with a quarter more as margin", () => {
    expect(blocksSince(clock(), at(7 * 24 * 3600))).toBe(378_000n); // a week of 2 s blocks is 302,400
    expect(blocksSince(clock({ secondsPerBlock: 0.25 }), at(3600))).toBe(18_000n);
    expect(blocksSince(clock({ secondsPerBlock: 12 }), at(3600))).toBe(375n);
  });

  it("never reaches below the first block", () => {
    expect(blocksSince(clock({ head: 1_000n }), at(3600))).toBe(1_000n);
  });

  it("searches the whole chain when its blocks all share a timestamp (no rate to go by)", () => {
    expect(blocksSince(clock({ secondsPerBlock: 0 }), at(60))).toBe(5_000_000n);
  });

  it("answers none for a time the chain has not reached (our clock ahead of the chain's)", () => {
    expect(blocksSince(clock(), at(-30))).toBe(0n);
  });
});
