import { describe, expect, it } from "vitest";
import { evmChainSpecs } from "./evm-chains";

describe("EVM chains for the wallet", () => {
  it("gives a local chain its node's RPC from the config, named as the server names it", () => {
    const [a] = evmChainSpecs([{ chainId: 31338, chainName: "Local EVM B", tokens: [] }], { "31338": { rpcUrl: "http://127.0.0.1:8546", network: "local" } });
    expect(a!.rpcUrl).toBe("http://127.0.0.1:8546");
    expect(a!.chain).toMatchObject({ id: 31338, name: "Local EVM B", nativeCurrency: { symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:8546"] } } });
  });

  it("keeps viem's definition of a public chain and reads it through the wallet (no RPC of ours)", () => {
    const [bnb] = evmChainSpecs([{ chainId: 56, chainName: "BNB Smart Chain", tokens: [] }], {});
    expect(bnb!.rpcUrl).toBeUndefined();
    expect(bnb!.chain.nativeCurrency.symbol).toBe("BNB");
    expect(bnb!.chain.rpcUrls.default.http[0]).toMatch(/^https:/);
  });
});
