import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { MAINNET_EVM_TOKENS, MAINNET_SOLANA_MINTS } from "./mainnet-tokens";
import { ChainConfigError, parseChainAddresses, parseEvmRouteFactories, parseEvmRpcUrls, parseEvmTokens, startChains } from "./start-chains";

const log = createLogger("silent");
const production = {
  ZPAY_MODE: "production",
  DATABASE_URL: "postgres://unused",
  SOLANA_RPC_URL: "https://solana.rpc.invalid",
  EVM_RPC_URLS: "1=https://eth.rpc.invalid, 137=https://polygon.rpc.invalid, 56=https://bsc.rpc.invalid, 1313161554=https://aurora.rpc.invalid",
};

describe("chain start-up", () => {
  it("parses chainId=url lists and refuses malformed entries", () => {
    expect(parseEvmRpcUrls(undefined)).toEqual([]);
    expect(parseEvmRpcUrls("1=https://a.example, 8453=http://127.0.0.1:8545")).toEqual([
      { chainId: 1, rpcUrl: "https://a.example" },
      { chainId: 8453, rpcUrl: "http://127.0.0.1:8545" },
    ]);
    expect(() => parseEvmRpcUrls("https://a.example")).toThrow(ChainConfigError);
    expect(() => parseEvmRpcUrls("x=https://a.example")).toThrow(ChainConfigError);
    expect(() => parseEvmRpcUrls("1=not a url")).toThrow(ChainConfigError);
  });

  it("parses chainId=0xaddress route factories (checksummed) and refuses malformed or repeated entries", () => {
    expect(parseEvmRouteFactories(undefined)).toEqual(new Map());
    expect(parseEvmRouteFactories(" 1=0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9 ,137=0x5FbDB2315678afecb367f032d93F642f64180aa3")).toEqual(
      new Map([
        [1, "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9"],
        [137, "0x5FbDB2315678afecb367f032d93F642f64180aa3"],
      ]),
    );
    expect(() => parseEvmRouteFactories("0x5FbDB2315678afecb367f032d93F642f64180aa3")).toThrow(ChainConfigError);
    expect(() => parseEvmRouteFactories("1=0x1234")).toThrow(ChainConfigError);
    expect(() => parseEvmRouteFactories("1=0x5FbDB2315678afecb367f032d93F642f64180aa3,1=0x5FbDB2315678afecb367f032d93F642f64180aa3")).toThrow(/listed twice/);
  });

  it("a configured chain carries the route factory EVM_ROUTE_FACTORIES names for it, others none", async () => {
    const chains = await startChains(parseEnv({ ...production, EVM_ROUTE_FACTORIES: "1=0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9" }), log);
    expect(chains.evm.find((e) => e.chainId === 1)!.routeFactory).toBe("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9");
    expect(chains.evm.find((e) => e.chainId === 137)!.routeFactory).toBeUndefined();
    await chains.stop();
  });

  it("production uses the configured networks and never starts local ones", async () => {
    const chains = await startChains(parseEnv(production), log);
    expect(chains.solana).toMatchObject({ chainId: -5000, rpcUrl: "https://solana.rpc.invalid", mints: MAINNET_SOLANA_MINTS });
    expect(chains.solana?.local).toBeUndefined();
    // Aurora has no ERC20FeeProxy (the package lists a NEAR account there) and no known stablecoin: left out.
    expect(chains.evm.map((e) => [e.chainId, Boolean(e.local), Boolean(e.tokens.USDC)])).toEqual([
      [1, false, true],
      [137, false, true],
      [56, false, true],
    ]);
    // Each chain's proxy is the one Request Network's package publishes; its tokens carry their own decimals.
    expect(chains.evm.find((e) => e.chainId === 1)!.feeProxy).toBe("0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C");
    expect(chains.evm.find((e) => e.chainId === 137)!.feeProxy).toBe("0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9");
    expect(chains.evm.find((e) => e.chainId === 56)!.tokens).toEqual(MAINNET_EVM_TOKENS[56]);
    expect(chains.evm.find((e) => e.chainId === 56)!.tokens.USDT!.decimals).toBe(18);
    expect(chains.evm.find((e) => e.chainId === 1)!.tokens.USDT!.decimals).toBe(6);
    await chains.stop();
  });

  it("a sandbox with no RPC URL needs the local networks handed in: chains/ does not load the sandbox itself", async () => {
    await expect(startChains(parseEnv({ ZPAY_MODE: "sandbox", EVM_RPC_URLS: "31337=http://127.0.0.1:9" }), log)).rejects.toThrow(/needs the local networks/);
    await expect(startChains(parseEnv({ ZPAY_MODE: "sandbox", SOLANA_RPC_URL: "http://127.0.0.1:9", SOLANA_USDC_MINT: "A", SOLANA_USDT_MINT: "B" }), log)).rejects.toThrow(ChainConfigError);
  });

  it("a sandbox pointed at another Solana RPC needs its mints named", async () => {
    const source = { ZPAY_MODE: "sandbox", SOLANA_RPC_URL: "http://127.0.0.1:9", EVM_RPC_URLS: "31337=http://127.0.0.1:9" };
    await expect(startChains(parseEnv(source), log)).rejects.toThrow(ChainConfigError);
    const named = await startChains(parseEnv({ ...source, SOLANA_USDC_MINT: "A", SOLANA_USDT_MINT: "B" }), log);
    expect(named.solana).toMatchObject({ chainId: -5001, mints: { USDC: "A", USDT: "B" } });
    // A remote chain with no known stablecoin or fee proxy cannot be paid on, so it is not offered; no local one starts either.
    expect(named.evm).toEqual([]);
  });

  it("parses chainId:SYMBOL=0xaddress:decimals tokens and refuses malformed, unknown or repeated ones", () => {
    expect(parseEvmTokens(undefined)).toEqual(new Map());
    expect(parseEvmTokens("31337:USDC=0x5fbdb2315678afecb367f032d93f642f64180aa3:6, 31337:USDT=0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512:18")).toEqual(
      new Map([[31337, { USDC: { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 }, USDT: { address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", decimals: 18 } }]]),
    );
    expect(() => parseEvmTokens("31337:DAI=0x5FbDB2315678afecb367f032d93F642f64180aa3:18")).toThrow(ChainConfigError);
    expect(() => parseEvmTokens("31337:USDC=0x5FbDB2315678afecb367f032d93F642f64180aa3")).toThrow(ChainConfigError);
    expect(() => parseEvmTokens("31337:USDC=0x1234:6")).toThrow(ChainConfigError);
    expect(() => parseEvmTokens("31337:USDC=0x5FbDB2315678afecb367f032d93F642f64180aa3:99")).toThrow(ChainConfigError);
    expect(() => parseEvmTokens("1:USDC=0x5FbDB2315678afecb367f032d93F642f64180aa3:6,1:USDC=0x5FbDB2315678afecb367f032d93F642f64180aa3:6")).toThrow(/listed twice/);
    expect(() => parseChainAddresses("EVM_FEE_PROXIES", "31337=nope")).toThrow(/EVM_FEE_PROXIES/);
  });

  it("a chain missing from the built-in lists is offered once its fee proxy and tokens are given", async () => {
    const custom = {
      ZPAY_MODE: "sandbox",
      SOLANA_RPC_URL: "http://127.0.0.1:9",
      SOLANA_USDC_MINT: "A",
      SOLANA_USDT_MINT: "B",
      EVM_RPC_URLS: "31337=http://127.0.0.1:9,31337=http://127.0.0.1:10,1=https://eth.rpc.invalid",
    };
    const tokens = "31337:USDC=0x5FbDB2315678afecb367f032d93F642f64180aa3:6";
    // Without the proxy, or without tokens, the chain is still left out.
    expect((await startChains(parseEnv({ ...custom, EVM_TOKENS: tokens }), log)).evm.map((e) => e.chainId)).toEqual([1]);
    expect((await startChains(parseEnv({ ...custom, EVM_FEE_PROXIES: "31337=0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0" }), log)).evm.map((e) => e.chainId)).toEqual([1]);
    const chains = await startChains(parseEnv({ ...custom, EVM_TOKENS: tokens, EVM_FEE_PROXIES: "31337=0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0" }), log);
    const local = chains.evm.find((e) => e.chainId === 31337)!;
    expect(local).toMatchObject({
      rpcUrl: "http://127.0.0.1:9",
      fallbackRpcUrls: ["http://127.0.0.1:10"],
      feeProxy: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
      tokens: { USDC: { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 } },
    });
    expect(local.local).toBeUndefined();
    // A given proxy or token replaces a built-in one on a known chain.
    const replaced = await startChains(
      parseEnv({ ...custom, EVM_FEE_PROXIES: "1=0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0", EVM_TOKENS: "1:USDC=0x5FbDB2315678afecb367f032d93F642f64180aa3:6" }),
      log,
    );
    const mainnet = replaced.evm.find((e) => e.chainId === 1)!;
    expect(mainnet.feeProxy).toBe("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0");
    expect(mainnet.tokens.USDC!.address).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3");
    expect(mainnet.tokens.USDT).toEqual(MAINNET_EVM_TOKENS[1]!.USDT);
  });
});
