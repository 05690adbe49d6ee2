import { describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { NO_CHAINS, type ChainRuntime } from "./chains/runtime";
import { parseEnv } from "./env";
import { createLogger } from "./logger";
import { startSwapProvider } from "./swap-provider";

const mints = { USDC: Keypair.generate().publicKey.toBase58(), USDT: Keypair.generate().publicKey.toBase58() };
const solana = { chainId: -5001, rpcUrl: "http://127.0.0.1:1", mints };
const chains = (over: Partial<ChainRuntime["solana"] & object> = {}): ChainRuntime => ({ ...NO_CHAINS, solana: { ...solana, ...over } });
const log = createLogger("silent");

describe("startSwapProvider", () => {
  it("asks Jupiter in production, offers nothing without a Solana network or on a sandbox pointed at another network", async () => {
    expect((await startSwapProvider(parseEnv({ ZPAY_MODE: "production", DATABASE_URL: "postgres://x/y", SOLANA_RPC_URL: "http://x", EVM_RPC_URLS: "1=http://x" }), chains(), log))?.name).toBe("jupiter");
    expect(await startSwapProvider(parseEnv({}), NO_CHAINS, log)).toBeUndefined();
    expect(await startSwapProvider(parseEnv({}), chains(), log)).toBeUndefined();
  });

  it("gives a sandbox with its own local network the market maker, funded from its faucet", async () => {
    const asked: string[] = [];
    const local = {
      airdrop: async (address: string) => (asked.push(`airdrop ${address}`), "sig"),
      mintTokens: async (owner: string, mint: string) => (asked.push(`mint ${mint}`), "sig"),
      stop: async () => {},
    };
    const maker = await startSwapProvider(parseEnv({ SANDBOX_SWAP_PRICES: "SOL=100,USDT=1" }), chains({ local }), log);
    expect(maker?.name).toBe("sandbox-maker");
    await (maker as unknown as { ready: Promise<void> }).ready;
    expect(asked).toEqual([expect.stringMatching(/^airdrop /), `mint ${mints.USDC}`, `mint ${mints.USDT}`]);
    expect(maker!.asset("SOL")).toMatchObject({ native: true, symbol: "SOL" });
    expect(maker!.asset("BONK")).toBeUndefined();
  });
});
