import { describe, expect, it } from "vitest";
import { SOLANA_DEVNET, SOLANA_MAINNET } from "@/lib/chains";
import { chainsOfFamily, familyOfChain, payFamilies, pickPayOption, sameOption } from "./pay-option";
import { LOCAL_EVM_A, LOCAL_EVM_B, MULTI_CHAIN_PRODUCT, USDC_PRODUCT } from "./testing/fake-pay";

describe("pay options: families", () => {
  it("tells Solana ids from EVM ids, including a local chain the shared list does not name", () => {
    expect(familyOfChain(SOLANA_MAINNET)).toBe("solana");
    expect(familyOfChain(SOLANA_DEVNET)).toBe("solana");
    expect(familyOfChain(1)).toBe("evm");
    expect(familyOfChain(LOCAL_EVM_B)).toBe("evm");
    expect(familyOfChain(-6005)).toBeUndefined(); // NEAR: not payable here
    expect(familyOfChain(0)).toBeUndefined();
  });

  it("offers each family that has a chain with a token, Solana first", () => {
    expect(payFamilies(MULTI_CHAIN_PRODUCT)).toEqual(["solana", "evm"]);
    expect(payFamilies(USDC_PRODUCT)).toEqual(["solana"]);
    const evmOnly = { ...MULTI_CHAIN_PRODUCT, options: MULTI_CHAIN_PRODUCT.options.slice(1) };
    expect(payFamilies(evmOnly)).toEqual(["evm"]);
    const noTokens = { ...MULTI_CHAIN_PRODUCT, options: MULTI_CHAIN_PRODUCT.options.map((o) => ({ ...o, tokens: [] })) };
    expect(payFamilies(noTokens)).toEqual([]);
  });

  it("lists a family's chains in the server's order", () => {
    expect(chainsOfFamily(MULTI_CHAIN_PRODUCT, "evm").map((c) => c.chainId)).toEqual([LOCAL_EVM_A, LOCAL_EVM_B]);
    expect(chainsOfFamily(MULTI_CHAIN_PRODUCT, "solana").map((c) => c.chainId)).toEqual([SOLANA_DEVNET]);
  });
});

describe("pay options: picking a chain and token", () => {
  it("defaults to the first family's first chain and token", () => {
    expect(pickPayOption(MULTI_CHAIN_PRODUCT)).toMatchObject({ chainId: SOLANA_DEVNET, token: { symbol: "USDC" } });
    expect(pickPayOption(MULTI_CHAIN_PRODUCT, "evm")).toMatchObject({ chainId: LOCAL_EVM_A, chainName: "Local EVM A", token: { symbol: "USDC", decimals: 6 } });
  });

  it("takes the preferred chain and token, each token with its own decimals", () => {
    expect(pickPayOption(MULTI_CHAIN_PRODUCT, "evm", { chainId: LOCAL_EVM_B, token: "USDT" })).toMatchObject({ chainId: LOCAL_EVM_B, token: { symbol: "USDT", decimals: 18 } });
    expect(pickPayOption(MULTI_CHAIN_PRODUCT, "evm", { chainId: LOCAL_EVM_A, token: "USDT" })?.token.decimals).toBe(6);
  });

  it("keeps the token across a chain change when the new chain has it, else takes the chain's first", () => {
    const b = { ...MULTI_CHAIN_PRODUCT.options[2]!, tokens: [MULTI_CHAIN_PRODUCT.options[2]!.tokens[0]!] }; // B offers USDC only
    const product = { ...MULTI_CHAIN_PRODUCT, options: [MULTI_CHAIN_PRODUCT.options[1]!, b] };
    expect(pickPayOption(product, "evm", { chainId: LOCAL_EVM_B, token: "USDT" })?.token.symbol).toBe("USDC");
  });

  it("ignores a preferred chain of another family or one the product does not offer", () => {
    expect(pickPayOption(MULTI_CHAIN_PRODUCT, "evm", { chainId: SOLANA_DEVNET })?.chainId).toBe(LOCAL_EVM_A);
    expect(pickPayOption(MULTI_CHAIN_PRODUCT, "solana", { chainId: 999, token: "USDT" })).toMatchObject({ chainId: SOLANA_DEVNET, token: { symbol: "USDT" } });
  });

  it("has nothing to pick in a family the product does not offer", () => {
    expect(pickPayOption(USDC_PRODUCT, "evm")).toBeUndefined();
    expect(pickPayOption({ ...USDC_PRODUCT, options: [] })).toBeUndefined();
  });

  it("compares options by chain and token", () => {
    const a = pickPayOption(MULTI_CHAIN_PRODUCT, "evm")!;
    expect(sameOption(a, { ...a })).toBe(true);
    expect(sameOption(a, pickPayOption(MULTI_CHAIN_PRODUCT, "evm", { chainId: LOCAL_EVM_B }))).toBe(false);
    expect(sameOption(a, undefined)).toBe(false);
  });
});
