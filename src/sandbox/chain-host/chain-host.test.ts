import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { createPublicClient, http } from "viem";
import { parseEnv } from "@/server/env";
import { createLogger } from "@/server/logger";
import { startChains } from "@/server/chains/start-chains";
import type { ChainRuntime } from "@/server/chains/runtime";
import { startChainHost, type ChainHost } from "./start-chain-host";
import { readFile, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const log = createLogger("silent");

/**
 * A chain host shared by zpay processes: each process configures the host's networks through the
 * ordinary chain settings (EVM_RPC_URLS + EVM_TOKENS + EVM_FEE_PROXIES, SOLANA_RPC_URL + mints) and
 * its faucet goes through the host.
 */
describe("chain host", () => {
  let host: ChainHost;
  let envFile: string;
  let app: ChainRuntime;
  let other: ChainRuntime;

  beforeAll(async () => {
    envFile = path.join(await mkdtemp(path.join(os.tmpdir(), "zpay-chain-host-")), "chains.env");
    host = await startChainHost(parseEnv({ ZPAY_MODE: "sandbox", SANDBOX_SLOT_MS: "20", SANDBOX_EVM_BLOCK_TIME: "0" }), log, {
      controlPort: 0,
      solanaPort: 0,
      evmPorts: [0, 0],
      envFile,
    });
    const env = { ZPAY_MODE: "sandbox", SANDBOX_CHAIN_HOST_URL: host.url, SANDBOX_CHAIN_HOST_WAIT_MS: "5000" };
    app = await startChains(parseEnv(env), log);
    other = await startChains(parseEnv({ ...env, SANDBOX_BROWSER_CHAIN_HOST: "chains.example" }), log);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([app?.stop(), other?.stop()]);
    await host?.stop();
  });

  it("hands out its networks as the ordinary chain settings, also as an env file", async () => {
    expect(Object.keys(host.settings).sort()).toEqual(
      ["EVM_FEE_PROXIES", "EVM_ROUTE_FACTORIES", "EVM_RPC_URLS", "EVM_TOKENS", "SOLANA_RPC_URL", "SOLANA_USDC_MINT", "SOLANA_USDT_MINT", "SOLANA_WS_URL"].sort(),
    );
    const file = await readFile(envFile, "utf8");
    expect(file).toContain(`EVM_TOKENS=${host.settings.EVM_TOKENS}\n`);
    expect(file).toContain(`SANDBOX_CHAIN_HOST_URL=${host.url}\n`);
  });

  it("two processes see the same networks, tokens (B's USDT with 18 decimals) and contracts, and stop none of them", async () => {
    expect(app.solana!.rpcUrl).toBe(host.settings.SOLANA_RPC_URL);
    expect(app.evm.map((e) => e.chainId)).toEqual([31337, 31338]);
    expect(app.evm.map((e) => e.feeProxy)).toEqual(other.evm.map((e) => e.feeProxy));
    expect(app.evm[1]!.tokens.USDT!.decimals).toBe(18);
    expect(app.evm.every((e) => e.routeFactory && e.local)).toBe(true);
    await other.stop();
    const head = await createPublicClient({ transport: http(app.evm[0]!.rpcUrl) }).getBlockNumber();
    expect(head).toBeGreaterThanOrEqual(0n);
  });

  it("browsers may be given another host name for the same networks", () => {
    expect(other.solana!.browserRpcUrl).toBe(host.settings.SOLANA_RPC_URL!.replace("127.0.0.1", "chains.example"));
    expect(other.evm[0]!.browserRpcUrl).toMatch(/^http:\/\/chains\.example:\d+$/);
    expect(app.solana!.browserRpcUrl).toBe(app.solana!.rpcUrl);
  });

  it("the faucet of every process goes through the host: SOL, test USDC, gas and EVM tokens arrive", async () => {
    const payer = Keypair.generate().publicKey.toBase58();
    await app.solana!.local!.airdrop(payer, 5_000_000n);
    await other.solana!.local!.mintTokens(payer, app.solana!.mints.USDC, 1_234_567n);
    const connection = new Connection(app.solana!.rpcUrl, "confirmed");
    expect(await connection.getBalance(new PublicKey(payer), "confirmed")).toBe(5_000_000);
    const ata = getAssociatedTokenAddressSync(new PublicKey(app.solana!.mints.USDC), new PublicKey(payer));
    expect((await connection.getTokenAccountBalance(ata, "confirmed")).value.amount).toBe("1234567");

    const evm = app.evm[1]!;
    const address = "0x00000000000000000000000000000000000c0ffe" as const;
    await evm.local!.fund(address, 10n ** 15n);
    await evm.local!.mintTokens(address, evm.tokens.USDT!.address, 5n * 10n ** 18n);
    const client = createPublicClient({ transport: http(evm.rpcUrl) });
    expect(await client.getBalance({ address })).toBe(10n ** 15n);
    const balance = await client.readContract({
      address: evm.tokens.USDT!.address,
      abi: [{ type: "function", name: "balanceOf", stateMutability: "view", inputs: [{ type: "address" }], outputs: [{ type: "uint256" }] }],
      functionName: "balanceOf",
      args: [address],
    });
    expect(balance).toBe(5n * 10n ** 18n);
  });

  it("refuses bad faucet requests with 400 and unknown networks with 404", async () => {
    const post = (p: string, body: unknown) => fetch(new URL(p, host.url), { method: "POST", body: JSON.stringify(body) });
    expect((await post("/solana/mint", { owner: "x", mint: "y", amount: "-1" })).status).toBe(400);
    expect((await post("/solana/airdrop", { address: "x" })).status).toBe(400);
    expect((await post("/evm/1/fund", { address: "0x00", wei: "1" })).status).toBe(404);
    expect((await fetch(new URL("/solana/airdrop", host.url), { method: "POST", body: "not json" })).status).toBe(400);
  });
});
