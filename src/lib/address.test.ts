import { describe, expect, it } from "vitest";
import { shortenAddress } from "./address";

const solana = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const evm = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";

describe("shortenAddress", () => {
  it.each([
    [solana, 4, "7xKX…gAsU"],
    [solana, 11, "7xKXtg2CW87…TZRuJosgAsU"],
    [evm, 4, "0x71…976F"],
    [evm, 6, "0x71C7…d8976F"],
  ])("%s with %i characters each side reads %s", (address, chars, expected) => {
    expect(shortenAddress(address, chars)).toBe(expected);
  });

  it("keeps 4 characters each side by default (top bar)", () => {
    expect(shortenAddress(solana)).toBe("7xKX…gAsU");
  });

  it.each([
    ["", 4],
    ["abc", 4],
    ["bob.near", 4],
    ["123456789", 4], // 9 characters: shortening would not save anything
    [solana, 22],
    [solana, 30],
  ])("returns %j unchanged with %i characters each side", (address, chars) => {
    expect(shortenAddress(address, chars)).toBe(address);
  });

  it("shortens as soon as it saves a character", () => {
    expect(shortenAddress("1234567890", 4)).toBe("1234…7890");
  });

  it("ignores surrounding whitespace", () => {
    expect(shortenAddress(`  ${evm}\n`)).toBe("0x71…976F");
    expect(shortenAddress(" abc ")).toBe("abc");
  });

  it.each([0, -1, 2.5, Number.NaN])("rejects chars = %s", (chars) => {
    expect(() => shortenAddress(solana, chars)).toThrow(RangeError);
  });
});
