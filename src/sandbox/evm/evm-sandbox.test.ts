import {
  concat,
  keccak256,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getContractAddress,
  http,
  parseAbiItem,
  parseEther,
  zeroAddress,
  type Address,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_DEV_ACCOUNT, EvmSandboxError, startEvmSandbox, testTokenAbi, type EvmSandbox } from "./index";
import { localEvmChain } from "./local-chain";
import { feeProxyArtifact } from "@/server/chains/evm/fee-proxy-artifact";

function newAccount() {
  return privateKeyToAccount(generatePrivateKey());
}

function clientsFor(sandbox: EvmSandbox) {
  const chain = localEvmChain(sandbox.chainId, sandbox.rpcUrl);
  return {
    chain,
    client: createPublicClient({ chain, transport: http(sandbox.rpcUrl), pollingInterval: 50, cacheTime: 0 }),
  };
}

describe("startEvmSandbox (automine)", () => {
  let sandbox: EvmSandbox;
  let client: ReturnType<typeof clientsFor>["client"];
  let chain: ReturnType<typeof clientsFor>["chain"];

  beforeAll(async () => {
    sandbox = await startEvmSandbox();
    ({ client, chain } = clientsFor(sandbox));
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  /** A payer with gas money and `usdc` base units of test USDC. */
  async function fundedPayer(usdc: bigint) {
    const account = newAccount();
    await sandbox.fund(account.address, parseEther("1"));
    await sandbox.mintTokens(account.address, sandbox.tokens.USDC, usdc);
    return { account, wallet: createWalletClient({ account, chain, transport: http(sandbox.rpcUrl) }) };
  }

  it("serves anvil on loopback with the default chain id", async () => {
    expect(sandbox.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.chainId).toBe(31337);
    expect(await client.getChainId()).toBe(31337);
    expect(sandbox.pid).toBeGreaterThan(0);
  });

  it("has deployed test USDC and USDT from anvil's first account at nonces 0 and 1", async () => {
    expect(sandbox.tokens).toEqual({
      USDC: getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: 0n }),
      USDT: getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: 1n }),
    });
    expect(sandbox.tokens.USDC).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3");
    const read = (address: Address, functionName: "name" | "symbol" | "decimals" | "owner") =>
      client.readContract({ address, abi: testTokenAbi, functionName });
    expect(await read(sandbox.tokens.USDC, "name")).toBe("USD Coin (test)");
    expect(await read(sandbox.tokens.USDC, "symbol")).toBe("USDC");
    expect(await read(sandbox.tokens.USDC, "decimals")).toBe(6);
    expect(await read(sandbox.tokens.USDT, "name")).toBe("Tether USD (test)");
    expect(await read(sandbox.tokens.USDT, "symbol")).toBe("USDT");
    expect(await read(sandbox.tokens.USDT, "decimals")).toBe(6);
    expect(await read(sandbox.tokens.USDT, "owner")).toBe(ANVIL_DEV_ACCOUNT);
  });

  it("has deployed Request Network's ERC20FeeProxy from the package's bytecode at nonce 2", async () => {
    expect(sandbox.feeProxy).toBe(getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: 2n }));
    expect(sandbox.decimals).toEqual({ USDC: 6, USDT: 6 });
    const deployed = await client.getCode({ address: sandbox.feeProxy });
    // The runtime code is the tail of the creation code the package ships.
    expect(deployed && deployed.length > 100 && feeProxyArtifact().bytecode.includes(deployed.slice(2, 200))).toBe(true);
  });

  it("a payment through the fee proxy moves the tokens and logs the reference (topic: keccak256 of the reference bytes)", async () => {
    const payer = await fundedPayer(5_000_000n);
    const merchant = newAccount().address;
    const { abi } = feeProxyArtifact();
    const reference = "0x0123456789abcdef" as const;
    await client.waitForTransactionReceipt({
      hash: await payer.wallet.writeContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "approve", args: [sandbox.feeProxy, 3_000_000n] }),
    });
    const hash = await payer.wallet.writeContract({
      address: sandbox.feeProxy,
      abi,
      functionName: "transferFromWithReferenceAndFee",
      args: [sandbox.tokens.USDC, merchant, 3_000_000n, reference, 0n, zeroAddress],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const proxyLog = receipt.logs.find((l) => l.address.toLowerCase() === sandbox.feeProxy.toLowerCase())!;
    expect(proxyLog.topics[1]).toBe(keccak256(reference));
    expect(await client.readContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "balanceOf", args: [merchant] })).toBe(3_000_000n);
  });

  it("fund() sends native coin and returns the mined transaction", async () => {
    const { address } = newAccount();
    const hash = await sandbox.fund(address, parseEther("0.25"));
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: "success", from: ANVIL_DEV_ACCOUNT.toLowerCase(), to: address.toLowerCase() });
    expect(await client.getBalance({ address })).toBe(parseEther("0.25"));
  });

  it("mintTokens() mints base units to the address: balance, supply and a Transfer from the zero address", async () => {
    const { address } = newAccount();
    const supplyBefore = await client.readContract({ address: sandbox.tokens.USDT, abi: testTokenAbi, functionName: "totalSupply" });
    const hash = await sandbox.mintTokens(address, sandbox.tokens.USDT, 250_000_000n);
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(await client.readContract({ address: sandbox.tokens.USDT, abi: testTokenAbi, functionName: "balanceOf", args: [address] })).toBe(250_000_000n);
    expect(await client.readContract({ address: sandbox.tokens.USDT, abi: testTokenAbi, functionName: "totalSupply" })).toBe(supplyBefore + 250_000_000n);
    const logs = await client.getContractEvents({ address: sandbox.tokens.USDT, abi: testTokenAbi, eventName: "Transfer", blockHash: receipt.blockHash });
    expect(logs.map((l) => l.args)).toEqual([{ from: zeroAddress, to: address, value: 250_000_000n }]);
  });

  it("a payer's transfer moves the balance and logs Transfer with from, to and value", async () => {
    const payer = await fundedPayer(10_000_000n);
    const merchant = newAccount().address;
    const hash = await payer.wallet.writeContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "transfer", args: [merchant, 1_500_000n] });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");

    const events = await client.getContractEvents({
      address: sandbox.tokens.USDC,
      abi: testTokenAbi,
      eventName: "Transfer",
      args: { to: merchant },
      fromBlock: 0n,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ transactionHash: hash, args: { from: payer.account.address, to: merchant, value: 1_500_000n } });

    const logs = await client.getLogs({
      address: sandbox.tokens.USDC,
      event: parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)"),
      args: { from: payer.account.address },
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(logs.map((l) => l.args)).toEqual([{ from: payer.account.address, to: merchant, value: 1_500_000n }]);

    const balance = (address: Address) => client.readContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "balanceOf", args: [address] });
    expect(await balance(payer.account.address)).toBe(8_500_000n);
    expect(await balance(merchant)).toBe(1_500_000n);
  });

  it("accepts a transfer with an order reference appended to its calldata (zpay's transferData), gas 0x186a0", async () => {
    const payer = await fundedPayer(5_000_000n);
    const merchant = newAccount().address;
    const reference = "0x7a70617900000000000000000000000000000000000000000000000000abcdef" as const;
    const data = concat([encodeFunctionData({ abi: testTokenAbi, functionName: "transfer", args: [merchant, 2_000_000n] }), reference]);
    const hash = await payer.wallet.sendTransaction({ to: sandbox.tokens.USDC, data, gas: 0x186a0n });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect((await client.getTransaction({ hash })).input.endsWith(reference.slice(2))).toBe(true);
    const [event] = await client.getContractEvents({ address: sandbox.tokens.USDC, abi: testTokenAbi, eventName: "Transfer", blockHash: receipt.blockHash });
    expect(event.args).toEqual({ from: payer.account.address, to: merchant, value: 2_000_000n });
  });

  it("reverts a transfer beyond the balance with ERC20InsufficientBalance", async () => {
    const payer = await fundedPayer(1_000_000n);
    await expect(
      client.simulateContract({
        account: payer.account,
        address: sandbox.tokens.USDC,
        abi: testTokenAbi,
        functionName: "transfer",
        args: [newAccount().address, 1_000_001n],
      }),
    ).rejects.toThrow(/ERC20InsufficientBalance/);
  });

  it("lets a spender move an approved amount once (approve, transferFrom)", async () => {
    const payer = await fundedPayer(3_000_000n);
    const spender = newAccount();
    await sandbox.fund(spender.address, parseEther("1"));
    const spenderWallet = createWalletClient({ account: spender, chain, transport: http(sandbox.rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await payer.wallet.writeContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "approve", args: [spender.address, 2_000_000n] }),
    });
    const to = newAccount().address;
    const receipt = await client.waitForTransactionReceipt({
      hash: await spenderWallet.writeContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "transferFrom", args: [payer.account.address, to, 2_000_000n] }),
    });
    expect(receipt.status).toBe("success");
    expect(await client.readContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "allowance", args: [payer.account.address, spender.address] })).toBe(0n);
    await expect(
      client.simulateContract({ account: spender, address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "transferFrom", args: [payer.account.address, to, 1n] }),
    ).rejects.toThrow(/ERC20InsufficientAllowance/);
  });

  it("lets only the owner mint", async () => {
    const payer = await fundedPayer(0n);
    await expect(
      client.simulateContract({ account: payer.account, address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "mint", args: [payer.account.address, 1n] }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
  });

  it("handles concurrent faucet calls (anvil assigns the nonces)", async () => {
    const addresses = [newAccount().address, newAccount().address, newAccount().address];
    await Promise.all(addresses.flatMap((a) => [sandbox.fund(a, 1000n), sandbox.mintTokens(a, sandbox.tokens.USDC, 7n), sandbox.mintTokens(a, sandbox.tokens.USDT, 9n)]));
    for (const address of addresses) {
      expect(await client.getBalance({ address })).toBe(1000n);
      expect(await client.readContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "balanceOf", args: [address] })).toBe(7n);
      expect(await client.readContract({ address: sandbox.tokens.USDT, abi: testTokenAbi, functionName: "balanceOf", args: [address] })).toBe(9n);
    }
  });

  it("refuses to mint a token it did not deploy, and malformed input", async () => {
    const { address } = newAccount();
    await expect(sandbox.mintTokens(address, newAccount().address, 1n)).rejects.toThrow(EvmSandboxError);
    await expect(sandbox.mintTokens("0x1234" as Address, sandbox.tokens.USDC, 1n)).rejects.toThrow(/not an EVM address/);
    await expect(sandbox.fund(address, -1n)).rejects.toThrow(EvmSandboxError);
  });
});

describe("startEvmSandbox (interval mining, other chain id)", () => {
  it("deploys the same tokens (USDT with the decimals asked for) and the fee proxy, funds and mints, and mines on its own", async () => {
    const sandbox = await startEvmSandbox({ blockTimeSec: 0.5, chainId: 1337, tokenDecimals: { USDT: 18 } });
    try {
      const { client } = clientsFor(sandbox);
      expect(await client.getChainId()).toBe(1337);
      expect(sandbox.tokens.USDT).toBe(getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: 1n }));
      expect(sandbox.decimals).toEqual({ USDC: 6, USDT: 18 });
      expect(await client.readContract({ address: sandbox.tokens.USDT, abi: testTokenAbi, functionName: "decimals" })).toBe(18);
      expect(await client.readContract({ address: sandbox.tokens.USDC, abi: testTokenAbi, functionName: "decimals" })).toBe(6);
      expect(sandbox.feeProxy).toBe(getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: 2n }));
      const { address } = newAccount();
      const [funded, minted] = await Promise.all([sandbox.fund(address, 5n), sandbox.mintTokens(address, sandbox.tokens.USDT, 6n)]);
      expect((await client.getTransactionReceipt({ hash: funded })).status).toBe("success");
      expect((await client.getTransactionReceipt({ hash: minted })).status).toBe("success");
      expect(await client.readContract({ address: sandbox.tokens.USDT, abi: testTokenAbi, functionName: "balanceOf", args: [address] })).toBe(6n);
      const block = await client.getBlockNumber();
      let later = block;
      for (let i = 0; i < 100 && later <= block; i++) {
        await new Promise((r) => setTimeout(r, 100));
        later = await client.getBlockNumber();
      }
      expect(later).toBeGreaterThan(block);
    } finally {
      await sandbox.stop();
    }
  });
});

describe("stop()", () => {
  it("kills anvil: no process is left behind and the faucet refuses", async () => {
    const sandbox = await startEvmSandbox();
    const other = await startEvmSandbox();
    expect(other.rpcUrl).not.toBe(sandbox.rpcUrl);
    await other.stop();
    expect(() => process.kill(sandbox.pid, 0)).not.toThrow();
    await sandbox.stop();
    expect(() => process.kill(sandbox.pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
    expect(() => process.kill(other.pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
    await expect(sandbox.fund(newAccount().address, 1n)).rejects.toThrow(/stopped/);
    await sandbox.stop();
  });
});
