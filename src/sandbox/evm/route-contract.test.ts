import { fileURLToPath } from "node:url";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  getContractAddress,
  http,
  isAddressEqual,
  parseEther,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeAbi, routeFactoryAbi } from "@/server/chains/evm/route-abi";
import { compileContract } from "./compile-contract";
import { ANVIL_DEV_ACCOUNT, startEvmSandbox, testTokenAbi, type EvmSandbox } from "./index";
import { localEvmChain } from "./local-chain";
import { compileRouteFactory, ROUTE_SOURCE } from "./route-contracts";

const testContract = (name: string) => fileURLToPath(new URL(`../../../contracts/test/${name}.sol`, import.meta.url));
const mintAbi = [
  ...testTokenAbi.filter((e) => e.type === "function" && (e.name === "mint" || e.name === "balanceOf")),
] as const;

/** The name of the custom error a simulated contract call reverts with, or undefined when it does not revert. */
async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined;
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.reason ?? "reverted";
    throw error;
  }
  return undefined;
}

/**
 * ABI entries without solc's internalType and its explicit `anonymous: false` / `indexed: false`
 * and empty names (parseAbi leaves those out), in a stable order, so a compiled ABI compares with a parseAbi one.
 */
function canonical(abi: Abi): unknown[] {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).filter(([k, v]) => k !== "internalType" && !((k === "anonymous" || k === "indexed") && v === false) && !(k === "name" && v === "")).map(([k, v]) => [k, strip(v)]))
        : value;
  const key = (e: unknown) => JSON.stringify([(e as { type: string }).type, (e as { name?: string }).name ?? ""]);
  return (strip(abi) as unknown[]).sort((a, b) => key(a).localeCompare(key(b)));
}

describe("route contracts ABI", () => {
  it("routeAbi and routeFactoryAbi are exactly what contracts/ compile to", async () => {
    const route = await compileContract(ROUTE_SOURCE, "ZpayRoute");
    const factory = await compileRouteFactory();
    expect(canonical(route.artifact.abi)).toEqual(canonical(routeAbi));
    expect(canonical(factory.artifact.abi)).toEqual(canonical(routeFactoryAbi));
  });
});

describe("ZpayRoute and ZpayRouteFactory on anvil", () => {
  let sandbox: EvmSandbox;
  let client: ReturnType<typeof createPublicClient>;

  beforeAll(async () => {
    sandbox = await startEvmSandbox();
    client = createPublicClient({ chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl), pollingInterval: 50, cacheTime: 0 });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  /** A new account with gas money, and its wallet client. */
  async function fundedAccount() {
    const account = privateKeyToAccount(generatePrivateKey());
    await sandbox.fund(account.address, parseEther("1"));
    return createWalletClient({ account, chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl) });
  }
  type Wallet = Awaited<ReturnType<typeof fundedAccount>>;

  async function mined(hash: Hex) {
    return client.waitForTransactionReceipt({ hash });
  }

  /** A merchant wallet with its route deployed through the factory. */
  async function merchantWithRoute() {
    const wallet = await fundedAccount();
    await mined(await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" }));
    const route = await client.readContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "routeOf", args: [wallet.account.address] });
    return { wallet, route };
  }

  const balanceOf = (token: Address, account: Address) => client.readContract({ address: token, abi: mintAbi, functionName: "balanceOf", args: [account] });
  const settle = (wallet: Wallet, route: Address, token: Address, to: Address, amount: bigint) =>
    wallet.writeContract({ address: route, abi: routeAbi, functionName: "settle", args: [token, to, amount] });
  /** The same call simulated (eth_call) from the wallet's account: viem decodes the custom error it reverts with. */
  const simulate = (wallet: Wallet, request: { address: Address; functionName: string; args?: readonly unknown[] }) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for every route function in this test
    client.simulateContract({ account: wallet.account, abi: [...routeAbi, ...routeFactoryAbi], ...request } as any);
  const simulateSettle = (wallet: Wallet, route: Address, token: Address, to: Address, amount: bigint) =>
    simulate(wallet, { address: route, functionName: "settle", args: [token, to, amount] });
  const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;

  it("the factory sits at anvil's nonce 3 and answers the zero address for a wallet without a route", async () => {
    expect(sandbox.routeFactory).toBe(getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: 3n }));
    expect(await client.readContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "routeOf", args: [randomAddress()] })).toBe(zeroAddress);
  });

  it("deploy() gives the caller a route at the predicted address, owned by it, settling to it, and logs RouteDeployed", async () => {
    const wallet = await fundedAccount();
    const owner = wallet.account.address;
    const predicted = await client.readContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "predict", args: [owner] });
    const receipt = await mined(await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" }));
    expect(receipt.status).toBe("success");
    const route = await client.readContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "routeOf", args: [owner] });
    expect(route).toBe(predicted);
    const [deployed] = await client.getContractEvents({ address: sandbox.routeFactory, abi: routeFactoryAbi, eventName: "RouteDeployed", blockHash: receipt.blockHash });
    expect(deployed.args).toEqual({ owner, route });
    expect(await client.readContract({ address: route, abi: routeAbi, functionName: "owner" })).toBe(owner);
    expect(await client.readContract({ address: route, abi: routeAbi, functionName: "settlementAddress" })).toBe(owner);
  });

  it("a second deploy() by the same wallet is refused (one route per owner)", async () => {
    const { wallet, route } = await merchantWithRoute();
    expect(await revertName(simulate(wallet, { address: sandbox.routeFactory, functionName: "deploy" }))).toBe("RouteExists");
    expect(await client.readContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "routeOf", args: [wallet.account.address] })).toBe(route);
  });

  it("settle() sends to the settlement address, refuses a non-whitelisted address, and allows it once whitelisted until removed", async () => {
    const { wallet, route } = await merchantWithRoute();
    const usdc = sandbox.tokens.USDC;
    await sandbox.mintTokens(route, usdc, 10_000_000n);
    const owner = wallet.account.address;
    const exchange = randomAddress();

    const first = await mined(await settle(wallet, route, usdc, owner, 1_000_000n));
    const [settled] = await client.getContractEvents({ address: route, abi: routeAbi, eventName: "Settled", blockHash: first.blockHash });
    expect(settled.args).toEqual({ token: usdc, to: owner, amount: 1_000_000n });
    expect(await balanceOf(usdc, owner)).toBe(1_000_000n);

    expect(await revertName(simulateSettle(wallet, route, usdc, exchange, 1_000_000n))).toBe("NotWhitelisted");
    // Sent anyway with a fixed gas limit (no estimate): mined, reverted, nothing moved.
    const refused = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "settle", args: [usdc, exchange, 1_000_000n], gas: 200_000n }));
    expect(refused.status).toBe("reverted");
    expect(await balanceOf(usdc, exchange)).toBe(0n);

    const added = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "addWhitelist", args: [exchange] }));
    const [addedLog] = await client.getContractEvents({ address: route, abi: routeAbi, eventName: "WhitelistAdded", blockHash: added.blockHash });
    expect(addedLog.args).toEqual({ account: exchange });
    expect(await client.readContract({ address: route, abi: routeAbi, functionName: "isWhitelisted", args: [exchange] })).toBe(true);
    await mined(await settle(wallet, route, usdc, exchange, 2_000_000n));
    expect(await balanceOf(usdc, exchange)).toBe(2_000_000n);

    const removed = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "removeWhitelist", args: [exchange] }));
    expect((await client.getContractEvents({ address: route, abi: routeAbi, eventName: "WhitelistRemoved", blockHash: removed.blockHash }))[0].args).toEqual({ account: exchange });
    expect(await revertName(simulateSettle(wallet, route, usdc, exchange, 1n))).toBe("NotWhitelisted");
    expect(await balanceOf(usdc, route)).toBe(7_000_000n);
  });

  it("updateSettlementAddress() moves where settle may always send: the new address is allowed, the old one no longer", async () => {
    const { wallet, route } = await merchantWithRoute();
    await sandbox.mintTokens(route, sandbox.tokens.USDT, 5_000_000n);
    const owner = wallet.account.address;
    const cold = randomAddress();
    const receipt = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "updateSettlementAddress", args: [cold] }));
    const [updated] = await client.getContractEvents({ address: route, abi: routeAbi, eventName: "SettlementAddressUpdated", blockHash: receipt.blockHash });
    expect(updated.args).toEqual({ previousAddress: owner, newAddress: cold });
    await mined(await settle(wallet, route, sandbox.tokens.USDT, cold, 5_000_000n));
    expect(await balanceOf(sandbox.tokens.USDT, cold)).toBe(5_000_000n);
    expect(await revertName(simulateSettle(wallet, route, sandbox.tokens.USDT, owner, 1n))).toBe("NotWhitelisted");
    expect(await revertName(simulate(wallet, { address: route, functionName: "updateSettlementAddress", args: [zeroAddress] }))).toBe("ZeroAddress");
  });

  it("refund() pays a payer back and logs the payment reference", async () => {
    const { wallet, route } = await merchantWithRoute();
    await sandbox.mintTokens(route, sandbox.tokens.USDC, 3_000_000n);
    const payer = randomAddress();
    const reference = "0x0123456789abcdef" as const;
    const receipt = await mined(await wallet.writeContract({ address: route, abi: routeAbi, functionName: "refund", args: [sandbox.tokens.USDC, payer, 3_000_000n, reference] }));
    const [refunded] = await client.getContractEvents({ address: route, abi: routeAbi, eventName: "Refunded", blockHash: receipt.blockHash });
    expect(refunded.args).toEqual({ token: sandbox.tokens.USDC, to: payer, amount: 3_000_000n, paymentReference: reference });
    expect(await balanceOf(sandbox.tokens.USDC, payer)).toBe(3_000_000n);
  });

  it("refuses zero amounts and the zero address", async () => {
    const { wallet, route } = await merchantWithRoute();
    await sandbox.mintTokens(route, sandbox.tokens.USDC, 1_000_000n);
    expect(await revertName(simulateSettle(wallet, route, sandbox.tokens.USDC, wallet.account.address, 0n))).toBe("ZeroAmount");
    expect(await revertName(simulateSettle(wallet, route, sandbox.tokens.USDC, zeroAddress, 1n))).toBe("ZeroAddress");
    expect(await revertName(simulate(wallet, { address: route, functionName: "refund", args: [sandbox.tokens.USDC, zeroAddress, 1n, "0x"] }))).toBe("ZeroAddress");
    expect(await revertName(simulate(wallet, { address: route, functionName: "addWhitelist", args: [zeroAddress] }))).toBe("ZeroAddress");
  });

  it("only the owner: another wallet can neither settle, refund, whitelist nor change the settlement address", async () => {
    const { wallet, route } = await merchantWithRoute();
    await sandbox.mintTokens(route, sandbox.tokens.USDC, 4_000_000n);
    const attacker = await fundedAccount();
    const me = attacker.account.address;
    const calls = [
      () => simulateSettle(attacker, route, sandbox.tokens.USDC, wallet.account.address, 1n),
      () => simulate(attacker, { address: route, functionName: "refund", args: [sandbox.tokens.USDC, me, 4_000_000n, "0x"] }),
      () => simulate(attacker, { address: route, functionName: "addWhitelist", args: [me] }),
      () => simulate(attacker, { address: route, functionName: "removeWhitelist", args: [me] }),
      () => simulate(attacker, { address: route, functionName: "updateSettlementAddress", args: [me] }),
      () => simulate(attacker, { address: route, functionName: "transferOwnership", args: [me] }),
    ];
    for (const call of calls) expect(await revertName(call())).toBe("OwnableUnauthorizedAccount");
    expect(await balanceOf(sandbox.tokens.USDC, route)).toBe(4_000_000n);
    expect(isAddressEqual(await client.readContract({ address: route, abi: routeAbi, functionName: "settlementAddress" }), wallet.account.address)).toBe(true);
  });

  it("settles a token whose transfer returns no bool (USDT on Ethereum) through SafeERC20", async () => {
    const { wallet, route } = await merchantWithRoute();
    const { artifact } = await compileContract(testContract("NoBoolToken"), "NoBoolToken");
    const deployed = await mined(await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode }));
    const token = deployed.contractAddress!;
    await mined(await wallet.writeContract({ address: token, abi: mintAbi, functionName: "mint", args: [route, 9_000_000n] }));
    const receipt = await mined(await settle(wallet, route, token, wallet.account.address, 9_000_000n));
    expect(receipt.status).toBe("success");
    expect(await balanceOf(token, wallet.account.address)).toBe(9_000_000n);
    expect(await balanceOf(token, route)).toBe(0n);
  });

  it("a token that calls back into settle() during the transfer is stopped by the reentrancy guard", async () => {
    const { wallet, route } = await merchantWithRoute();
    const { artifact } = await compileContract(testContract("ReentrantToken"), "ReentrantToken");
    const deployed = await mined(await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode }));
    const token = deployed.contractAddress!;
    await mined(await wallet.writeContract({ address: token, abi: mintAbi, functionName: "mint", args: [route, 2_000_000n] }));
    expect(await revertName(simulateSettle(wallet, route, token, wallet.account.address, 1_000_000n))).toBe("ReentrancyGuardReentrantCall");
    expect(await balanceOf(token, route)).toBe(2_000_000n);
  });
});
