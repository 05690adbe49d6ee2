import { describe, expect, it } from "vitest";
import { pollDelay } from "./poll-backoff";

describe("poll backoff", () => {
  const options = { minMs: 2_000, maxMs: 60_000 };
  it.each([
    [0, 2_000],
    [-5_000, 2_000], // a clock behind the row's creation
    [20_000, 2_000],
    [60_000, 6_000],
    [5 * 60_000, 30_000],
    [10 * 60_000, 60_000],
    [90 * 60_000, 60_000],
  ])("a payment %i ms old is polled again after %i ms", (age, delay) => {
    expect(pollDelay(age, options)).toBe(delay);
  });

  it("never goes below the minimum, even when the maximum is set lower", () => {
    expect(pollDelay(90 * 60_000, { minMs: 2_000, maxMs: 500 })).toBe(2_000);
  });
});
