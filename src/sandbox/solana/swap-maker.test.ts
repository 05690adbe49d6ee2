import { describe, expect, it } from "vitest";
import { parseSwapPrices } from "./swap-maker";

describe("parseSwapPrices", () => {
  it("reads USD per whole token as exact fractions", () => {
    expect(parseSwapPrices("SOL=150,USDT=1,BONK=0.00002")).toEqual(
      new Map([
        ["SOL", { numerator: 150n, denominator: 1n }],
        ["USDT", { numerator: 1n, denominator: 1n }],
        ["BONK", { numerator: 2n, denominator: 100_000n }],
      ]),
    );
  });

  it("refuses a malformed entry or a zero price", () => {
    expect(() => parseSwapPrices("SOL:150")).toThrow(/SOL:150/);
    expect(() => parseSwapPrices("SOL=0")).toThrow(/no price/);
  });
});
