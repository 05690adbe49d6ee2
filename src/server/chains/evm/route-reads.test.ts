import { createPublicClient, createWalletClient, http, parseEther, type Hex, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEvmSandbox, type EvmSandbox } from "@/sandbox/evm";
import { localEvmChain } from "@/sandbox/evm/local-chain";
import { findRouteDeployBlock } from "./find-route-deploy-block";
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

    const deployBlock = (await findRouteDeployBlock(client, route))!;
    expect(await readSettlementHistory(client, route, { fromBlock: deployBlock })).toEqual([]);
    const first = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "settle", args: [sandbox.tokens.USDC, owner, 2_000_000n] }));
    const second = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "settle", args: [sandbox.tokens.USDC, exchange, 1_000_000n] }));
    const expected = [
      { token: sandbox.tokens.USDC, to: exchange, amount: 1_000_000n, hash: second.transactionHash, logIndex: expect.any(Number), blockNumber: second.blockNumber },
      { token: sandbox.tokens.USDC, to: owner, amount: 2_000_000n, hash: first.transactionHash, logIndex: expect.any(Number), blockNumber: first.blockNumber },
    ];
    expect(await readSettlementHistory(client, route, { fromBlock: deployBlock })).toEqual(expected);

    // A capped node (here: 2 blocks) refuses the whole range: it is halved until accepted, every
    // accepted eth_getLogs asks at most 2 blocks, from the given block to the head, none skipped.
    const ranges: [bigint, bigint][] = [];
    const capped = {
      ...client,
      uid: "capped-node",
      transport: { ...client.transport, url: undefined },
      getContractEvents: ((args: { fromBlock: bigint; toBlock: bigint }) => {
        if (args.toBlock - args.fromBlock + 1n > 2n) return Promise.reject(new Error("query exceeds max block range 2"));
        ranges.push([args.fromBlock, args.toBlock]);
        return client.getContractEvents(args as Parameters<PublicClient["getContractEvents"]>[0]);
      }) as PublicClient["getContractEvents"],
    } as PublicClient;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    expect(await readSettlementHistory(capped, route, { fromBlock: deployBlock, toBlock: head })).toEqual(expected);
    expect(ranges[0]![0]).toBe(deployBlock);
    expect(ranges.at(-1)![1]).toBe(head);
    for (const [i, [from, to]] of ranges.entries()) {
      expect(to - from).toBeLessThan(2n);
      if (i > 0) expect(from).toBe(ranges[i - 1]![1] + 1n);
    }
    // A range after the last settlement reads nothing; one ending before the start asks nothing.
    expect(await readSettlementHistory(client, route, { fromBlock: second.blockNumber + 1n, toBlock: head })).toEqual([]);
    expect(await readSettlementHistory(capped, route, { fromBlock: head + 1n, toBlock: head })).toEqual([]);
    // Nothing is read before the route existed.
    expect(deployBlock).toBeGreaterThan(0n);
    expect(await readRouteBalances(client, route, [sandbox.tokens.USDC])).toEqual([4_000_000n]);
  });

  it("findRouteDeployBlock: the block of the deploy receipt, found by code presence; undefined where no contract is", async () => {
    const wallet = await merchant();
    const receipt = await mined(await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" }));
    // A few blocks after it, so the search has both sides to look at.
    for (let i = 0; i < 3; i++) await sandbox.fund(privateKeyToAccount(generatePrivateKey()).address, 1n);
    const route = (await readRouteOf(client, sandbox.routeFactory, wallet.account.address))!;
    expect(await findRouteDeployBlock(client, route)).toBe(receipt.blockNumber);
    expect(await findRouteDeployBlock(client, privateKeyToAccount(generatePrivateKey()).address)).toBeUndefined();
  });

  it("readRouteSettings throws EvmChainError where there is no route", async () => {
    await expect(readRouteSettings(client, privateKeyToAccount(generatePrivateKey()).address)).rejects.toThrow(EvmChainError);
  });
});
