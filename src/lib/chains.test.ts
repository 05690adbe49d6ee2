import { describe, expect, it } from "vitest";
import { CHAINS, CHAIN_TYPE, SOLANA_DEVNET, SOLANA_MAINNET, chainById, explorerAddressUrl, explorerTxUrl, isEvmChain, isSolanaChain, solanaChainFor, WALLET_EVM_CHAIN_IDS } from "./chains";

describe("chain registry", () => {
  it("has unique ids and SPEC §3 type codes", () => {
    expect(new Set(CHAINS.map((c) => c.id)).size).toBe(CHAINS.length);
    expect(chainById(SOLANA_MAINNET)?.type).toBe(3);
    expect(chainById(1)?.type).toBe(CHAIN_TYPE.evm);
    expect(chainById(-6005)?.type).toBe(4);
  });

  it("defines explorer links for every chain SPEC §9 lists", () => {
    for (const id of [1, -5000, 8453, 56, 137, 10, 42161, -6005, -10001, 1313161554, 43114, 66, 1284]) {
      expect(chainById(id)?.explorerTx, `chain ${id}`).toMatch(/^https:\/\/.+\{hash\}/);
    }
  });

  it("offers nine EVM mainnets (SPEC §9)", () => {
    expect(WALLET_EVM_CHAIN_IDS).toHaveLength(9);
    for (const id of WALLET_EVM_CHAIN_IDS) expect(chainById(id), `chain ${id}`).toMatchObject({ type: CHAIN_TYPE.evm, network: "mainnet" });
  });

  it("builds explorer links with the hash and address encoded", () => {
    expect(explorerTxUrl(chainById(SOLANA_MAINNET)!, "5abc")).toBe("https://solscan.io/tx/5abc");
    expect(explorerAddressUrl(chainById(1)!, "0xAb")).toBe("https://etherscan.io/address/0xAb");
    expect(explorerTxUrl(chainById(SOLANA_DEVNET)!, "x")).toBeUndefined();
  });

  it("tells chain families apart and picks the Solana chain by mode", () => {
    expect(isSolanaChain(SOLANA_DEVNET)).toBe(true);
    expect(isEvmChain(SOLANA_DEVNET)).toBe(false);
    expect(isEvmChain(137)).toBe(true);
    expect(isSolanaChain(424242)).toBe(false);
    expect(solanaChainFor("sandbox")).toBe(SOLANA_DEVNET);
    expect(solanaChainFor("production")).toBe(SOLANA_MAINNET);
  });
});
