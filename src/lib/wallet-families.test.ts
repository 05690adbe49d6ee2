import { describe, expect, it } from "vitest";
import { LOCAL_EVM_CHAIN_ID, ICP_MAINNET, NEAR_MAINNET, SOLANA_DEVNET, SOLANA_MAINNET } from "./chains";
import { allowedChains, familyServesManyChains, walletFamilyOf } from "./wallet-families";

describe("wallet families", () => {
  it.each([
    [1, "evm"],
    [137, "evm"],
    [8453, "evm"],
    [LOCAL_EVM_CHAIN_ID, "evm"],
    [SOLANA_MAINNET, "solana"],
    [SOLANA_DEVNET, "solana"],
    [NEAR_MAINNET, "near"],
    [ICP_MAINNET, "icp"],
    [424242, "chain:424242"],
  ])("chain %i belongs to %s", (chain, family) => {
    expect(walletFamilyOf(chain)).toBe(family);
  });

  it("only EVM addresses serve several chains", () => {
    expect(familyServesManyChains("evm")).toBe(true);
    expect(familyServesManyChains("solana")).toBe(false);
  });
});

describe("allowed chains (SPEC §6)", () => {
  const instance = [SOLANA_DEVNET, LOCAL_EVM_CHAIN_ID, 137];
  it("no restriction: every chain of the instance, in its order", () => {
    expect(allowedChains(instance, [], [])).toEqual(instance);
  });
  it("the operator's list limits them", () => {
    expect(allowedChains(instance, [], [137, SOLANA_DEVNET, 1])).toEqual([SOLANA_DEVNET, 137]);
  });
  it("a merchant's own list overrides the operator's", () => {
    expect(allowedChains(instance, [LOCAL_EVM_CHAIN_ID], [137])).toEqual([LOCAL_EVM_CHAIN_ID]);
  });
  it("a list naming no chain of the instance leaves nothing", () => {
    expect(allowedChains(instance, [1], [])).toEqual([]);
  });
});
