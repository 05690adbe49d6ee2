import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { createPublicClient, erc20Abi, http } from "viem";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { parseEnv } from "../../env";
import { createLogger } from "../../logger";
import type { ChainRuntime } from "../../chains/runtime";
import { startChains } from "../../chains/start-chains";
import { localNetworks } from "@/sandbox/local-networks";
import { openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { FAUCET_TOKEN_AMOUNT, faucetTokenAmount } from "./service";

const SANDBOX = { ZPAY_MODE: "sandbox", SANDBOX_SLOT_MS: "10", SANDBOX_EVM_BLOCK_TIME: "0", FAUCET_RATE_LIMIT: "2" } as const;
const post = (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, body: unknown) =>
  app.request("/api/sandbox/faucet", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("sandbox chains: config, faucet and explorer", () => {
  let database: Database;
  let chains: ChainRuntime;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb("pglite");
    chains = await startChains(parseEnv({ ...SANDBOX, LOG_LEVEL: "silent" }), createLogger("silent"), { local: async () => localNetworks });
    payments = createPaymentsApp(testDeps(database, { ...SANDBOX, PAYMENTS_ORIGIN: "http://pay.test" }, chains));
  }, 60_000);
  afterAll(async () => {
    await chains?.stop();
    await database?.close();
  });

  it("serves both local networks in the config, with our explorer and their RPC", async () => {
    const { data } = await (await payments.request("/api/config")).json();
    expect(data.chainsOrder).toEqual([-5001, 31337, 31338]);
    // Every token carries its own decimals: chain B's test USDT has 18, like USDT on BNB Smart Chain.
    expect(data.tokens.map((t: { chainId: number; symbol: string; decimals: number }) => `${t.chainId}:${t.symbol}:${t.decimals}`)).toEqual([
      "-5001:USDC:6",
      "-5001:USDT:6",
      "31337:USDC:6",
      "31337:USDT:6",
      "31338:USDC:6",
      "31338:USDT:18",
    ]);
    expect(data.tokens.every((t: { faucet: boolean }) => t.faucet)).toBe(true);
    expect(data.allTokens.filter((t: { native: boolean }) => t.native).map((t: { symbol: string }) => t.symbol)).toEqual(["SOL", "ETH", "ETH"]);
    expect(data.contractsMeta["-5001"]).toMatchObject({ type: 3, network: "local", explorerTx: "http://pay.test/tx/-5001/{hash}", rpcUrl: chains.solana!.rpcUrl });
    expect(data.contractsMeta["31337"]).toMatchObject({ type: 2, network: "local", rpcUrl: chains.evm[0]!.rpcUrl });
    expect(data.fiats.length).toBeGreaterThan(0);
  });

  it("gives SOL and test USDC on Solana in real transactions the explorer can show", async () => {
    const owner = Keypair.generate().publicKey;
    const res = await post(payments, { chain: -5001, address: owner.toBase58(), token: "USDC" });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ token: "USDC", tokenAmount: String(FAUCET_TOKEN_AMOUNT) });
    const connection = new Connection(chains.solana!.rpcUrl, "confirmed");
    expect(await connection.getBalance(owner, "processed")).toBeGreaterThan(0);
    const accounts = await connection.getParsedTokenAccountsByOwner(owner, { mint: new PublicKey(chains.solana!.mints.USDC) }, "processed");
    expect(accounts.value[0]?.account.data.parsed.info.tokenAmount.amount).toBe(String(FAUCET_TOKEN_AMOUNT));

    const minted = data.transactions[1] as string;
    await expect.poll(async () => (await payments.request(`/api/sandbox/tx/-5001/${minted}`)).status, { timeout: 10_000 }).toBe(200);
    const { data: tx } = await (await payments.request(`/api/sandbox/tx/-5001/${minted}`)).json();
    expect(tx).toMatchObject({ hash: minted, success: true, chain: "Solana Devnet" });
    expect(tx.tokenMovements).toContainEqual(expect.objectContaining({ symbol: "USDC", owner: owner.toBase58(), amount: String(FAUCET_TOKEN_AMOUNT) }));
  });

  it("gives ETH and test USDT on the local EVM network", async () => {
    const address = "0x000000000000000000000000000000000000dEaD";
    const res = await post(payments, { chain: 31337, address, token: "USDT" });
    expect(res.status).toBe(200);
    const client = createPublicClient({ transport: http(chains.evm[0]!.rpcUrl) });
    expect(await client.readContract({ address: chains.evm[0]!.tokens.USDT!.address, abi: erc20Abi, functionName: "balanceOf", args: [address] })).toBe(FAUCET_TOKEN_AMOUNT);
    expect(await client.getBalance({ address })).toBeGreaterThan(0n);
    const { data } = await res.json();
    const { data: tx } = await (await payments.request(`/api/sandbox/tx/31337/${data.transactions[1]}`)).json();
    expect(tx.tokenMovements).toEqual([expect.objectContaining({ symbol: "USDT", to: address, amount: String(FAUCET_TOKEN_AMOUNT) })]);
  });

  it("gives 1,000 test USDT in its own 18 decimals on local EVM chain B, and the explorer shows them so", async () => {
    const address = "0x000000000000000000000000000000000000bEEF";
    const res = await post(payments, { chain: 31338, address, token: "USDT" });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.tokenAmount).toBe(String(faucetTokenAmount(18)));
    const chainB = chains.evm.find((e) => e.chainId === 31338)!;
    const client = createPublicClient({ transport: http(chainB.rpcUrl) });
    expect(await client.readContract({ address: chainB.tokens.USDT!.address, abi: erc20Abi, functionName: "decimals" })).toBe(18);
    expect(await client.readContract({ address: chainB.tokens.USDT!.address, abi: erc20Abi, functionName: "balanceOf", args: [address] })).toBe(1_000n * 10n ** 18n);
    const { data: tx } = await (await payments.request(`/api/sandbox/tx/31338/${data.transactions[1]}`)).json();
    expect(tx.tokenMovements).toEqual([expect.objectContaining({ symbol: "USDT", decimals: 18, amount: String(faucetTokenAmount(18)) })]);
  });

  it("refuses bad input clearly", async () => {
    const bad = await post(payments, { chain: -5001, address: "not-a-key", token: "USDC" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Invalid wallet address. Please double-check and try again.");
    expect((await post(payments, { chain: 31337, address: "0x1234", token: "USDC" })).status).toBe(400);
    expect((await post(payments, { chain: 1, address: "0x000000000000000000000000000000000000dEaD", token: "USDC" })).status).toBe(400);
    expect((await post(payments, { chain: -5001, address: Keypair.generate().publicKey.toBase58(), token: "DAI" })).status).toBe(400);
    expect((await payments.request("/api/sandbox/tx/-5001/unknownsignature")).status).toBe(400);
    const unknown = bs58.encode(Keypair.generate().secretKey); // 64 bytes, like a signature nobody sent
    expect((await payments.request(`/api/sandbox/tx/-5001/${unknown}`)).status).toBe(404);
    expect((await payments.request("/api/sandbox/tx/424242/abc")).status).toBe(404);
  });

  it("rate limits per address", async () => {
    const address = Keypair.generate().publicKey.toBase58();
    expect((await post(payments, { chain: -5001, address, token: "USDC" })).status).toBe(200);
    expect((await post(payments, { chain: -5001, address, token: "USDT" })).status).toBe(200);
    const limited = await post(payments, { chain: -5001, address, token: "USDC" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is unaffected.
    expect((await post(payments, { chain: -5001, address: Keypair.generate().publicKey.toBase58(), token: "USDC" })).status).toBe(200);
  });

  it("is refused in production mode, on both origins", async () => {
    const production = testDeps(database, {
      ZPAY_MODE: "production",
      DATABASE_URL: "postgres://unused",
      SOLANA_RPC_URL: "https://rpc.invalid",
      EVM_RPC_URLS: "1=https://rpc.invalid",
    }, chains);
    for (const app of [createApp(production), createPaymentsApp(production)]) {
      const res = await post(app, { chain: -5001, address: Keypair.generate().publicKey.toBase58(), token: "USDC" });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("sandbox_only");
    }
  });
});
