import { createPublicClient, createWalletClient, http, parseEther, type Hex, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEvmSandbox, type EvmSandbox } from "@/sandbox/evm";
import { localEvmChain } from "@/sandbox/evm/local-chain";
import { readRouteBalances } from "./read-route-balances";
import { readRouteDeployment } from "./read-route-deployment";
import { readRouteOf } from "./read-route-of";
import { readMaySettleTo, readRouteSettings } from "./read-route-settings";
import { readSettlementHistory } from "./read-settlement-history";
import { routeAbi, routeFactoryAbi } from "./route-abi";
import { EvmChainError } from "./errors";

describe("route reads on anvil", () => {
  let sandbox: EvmSandbox;
  let client: PublicClient;

  beforeAll(async () => {
    sandbox = await startEvmSandbox();
    client = createPublicClient({ chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl), cacheTime: 0 }) as PublicClient;
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  async function merchant() {
    const account = privateKeyToAccount(generatePrivateKey());
    await sandbox.fund(account.address, parseEther("1"));
    return createWalletClient({ account, chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl) });
  }
  const mined = (hash: Hex) => client.waitForTransactionReceipt({ hash });

  it("readRouteOf: undefined before the deploy, the route after; readRouteDeployment reads the same route from the deploy receipt", async () => {
    const wallet = await merchant();
    const owner = wallet.account.address;
    expect(await readRouteOf(client, sandbox.routeFactory, owner)).toBeUndefined();
    const hash = await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" });
    const receipt = await mined(hash);
    const route = await readRouteOf(client, sandbox.routeFactory, owner);
    expect(route).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await readRouteDeployment(client, sandbox.routeFactory, hash)).toEqual({ owner, route, blockNumber: receipt.blockNumber });
    expect(await readRouteSettings(client, route!)).toEqual({ owner, settlementAddress: owner });
  });

  it("readRouteDeployment: undefined for a transaction that deployed nothing, an unknown hash, or a RouteDeployed from another factory", async () => {
    const wallet = await merchant();
    const transfer = await sandbox.fund(wallet.account.address, 1n);
    expect(await readRouteDeployment(client, sandbox.routeFactory, transfer)).toBeUndefined();
    expect(await readRouteDeployment(client, sandbox.routeFactory, `0x${"ab".repeat(32)}`)).toBeUndefined();
    const deploy = await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" });
    await mined(deploy);
    expect(await readRouteDeployment(client, sandbox.feeProxy, deploy)).toBeUndefined();
  });

  it("balances, whitelist answers and settlement history follow the chain", async () => {
    const wallet = await merchant();
    await mined(await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" }));
    const route = (await readRouteOf(client, sandbox.routeFactory, wallet.account.address))!;
    await sandbox.mintTokens(route, sandbox.tokens.USDC, 7_000_000n);
    expect(await readRouteBalances(client, route, [sandbox.tokens.USDC, sandbox.tokens.USDT])).toEqual([7_000_000n, 0n]);

    const exchange = privateKeyToAccount(generatePrivateKey()).address;
    const owner = wallet.account.address;
    expect(await readMaySettleTo(client, route, owner, owner)).toBe(true);
    expect(await readMaySettleTo(client, route, exchange, owner)).toBe(false);
    await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "addWhitelist", args: [exchange] }));
    expect(await readMaySettleTo(client, route, exchange, owner)).toBe(true);

    expect(await readSettlementHistory(client, route)).toEqual([]);
    const first = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "settle", args: [sandbox.tokens.USDC, owner, 2_000_000n] }));
    const second = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "settle", args: [sandbox.tokens.USDC, exchange, 1_000_000n] }));
    expect(await readSettlementHistory(client, route)).toEqual([
      { token: sandbox.tokens.USDC, to: exchange, amount: 1_000_000n, hash: second.transactionHash, blockNumber: second.blockNumber },
      { token: sandbox.tokens.USDC, to: owner, amount: 2_000_000n, hash: first.transactionHash, blockNumber: first.blockNumber },
    ]);
    expect(await readRouteBalances(client, route, [sandbox.tokens.USDC])).toEqual([4_000_000n]);
  });

  it("readRouteSettings throws EvmChainError where there is no route", async () => {
    await expect(readRouteSettings(client, privateKeyToAccount(generatePrivateKey()).address)).rejects.toThrow(EvmChainError);
  });
});
