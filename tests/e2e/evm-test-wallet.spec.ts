import { expect, test } from "@playwright/test";
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, parseEventLogs, toHex, verifyMessage, verifyTypedData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startEvmSandbox, type EvmSandbox } from "../../src/sandbox/evm";
import { createEvmTestWallet } from "../fixtures/evm-wallet";

/**
 * The EVM test wallet every later EVM journey pays with: found in the page through EIP-6963, it
 * connects, signs messages and typed data that verify in Node, sends an ERC-20 transfer that lands
 * on the local anvil with its Transfer log, and surfaces a refusal as 4001.
 */

type Announced = { info: { uuid: string; name: string; icon: string; rdns: string }; provider: unknown };

let sandbox: EvmSandbox;
test.beforeAll(async () => {
  sandbox = await startEvmSandbox();
});
test.afterAll(async () => {
  await sandbox?.stop();
});

const typedData = (chainId: number, verifyingContract: Hex) => ({
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ],
    Payment: [
      { name: "order", type: "string" },
      { name: "amount", type: "uint256" },
    ],
  },
  primaryType: "Payment",
  domain: { name: "zpay", version: "1", chainId, verifyingContract },
  message: { order: "ZSH-42", amount: "2500000" },
});

test("the EVM test wallet is discovered by EIP-6963, signs, and pays an ERC-20 transfer on the local chain", async ({ page }) => {
  const wallet = createEvmTestWallet({ rpcUrl: sandbox.rpcUrl, chainId: sandbox.chainId });
  await sandbox.fund(wallet.address, parseEther("1"));
  await sandbox.mintTokens(wallet.address, sandbox.tokens.USDC, 10_000_000n);
  await wallet.install(page);
  await page.goto("/");

  const discovered = await page.evaluate(async () => {
    const found: Announced[] = [];
    window.addEventListener("eip6963:announceProvider", (e) => found.push((e as CustomEvent<Announced>).detail));
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    const mine = found.find((d) => d.info.rdns === "dev.zpay.testwallet");
    if (!mine) return { found: found.length };
    const provider = mine.provider as { request(a: { method: string; params?: unknown[] }): Promise<unknown>; on(e: string, l: (d: unknown) => void): void };
    (window as unknown as { __testProvider: unknown }).__testProvider = provider;
    const events: [string, unknown][] = [];
    (window as unknown as { __testEvents: unknown }).__testEvents = events;
    provider.on("accountsChanged", (accounts) => events.push(["accountsChanged", accounts]));
    const accounts = await provider.request({ method: "eth_requestAccounts" });
    return {
      found: found.length,
      info: mine.info,
      isWindowEthereum: provider === (window as unknown as { ethereum?: unknown }).ethereum,
      accounts,
      chainId: await provider.request({ method: "eth_chainId" }),
      events,
    };
  });
  expect(discovered.found).toBe(1);
  expect(discovered.info).toEqual({ uuid: wallet.uuid, name: "zpay Test Wallet", rdns: "dev.zpay.testwallet", icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
  expect(discovered.isWindowEthereum).toBe(true);
  expect(discovered.accounts).toEqual([wallet.address]);
  expect(discovered.chainId).toBe(toHex(sandbox.chainId));
  expect(discovered.events).toEqual([["accountsChanged", [wallet.address]]]);

  const message = "Sign in to zpay\n2026-11-22T10:00:00.000Z";
  const data = typedData(sandbox.chainId, sandbox.tokens.USDC);
  const merchant = privateKeyToAccount(generatePrivateKey()).address;
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [merchant, 2_500_000n] });

  const signed = await page.evaluate(
    async ({ message, typed, token, transfer }) => {
      type P = { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
      const provider = (window as unknown as { __testProvider: P }).__testProvider;
      const [from] = (await provider.request({ method: "eth_accounts" })) as string[];
      const hex = "0x" + Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, "0")).join("");
      const personal = await provider.request({ method: "personal_sign", params: [hex, from] });
      const typedSignature = await provider.request({ method: "eth_signTypedData_v4", params: [from, typed] });
      const hash = (await provider.request({ method: "eth_sendTransaction", params: [{ from, to: token, data: transfer, gas: "0x186a0" }] })) as string;
      let receipt: { status: string } | null = null;
      for (let i = 0; i < 100 && !receipt; i++) {
        receipt = (await provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as { status: string } | null;
        if (!receipt) await new Promise((r) => setTimeout(r, 50));
      }
      return { personal, typedSignature, hash, receiptStatus: receipt?.status };
    },
    { message, typed: JSON.stringify(data), token: sandbox.tokens.USDC, transfer },
  );

  expect(await verifyMessage({ address: wallet.address, message, signature: signed.personal as Hex })).toBe(true);
  const { EIP712Domain: _domain, ...types } = data.types;
  expect(
    await verifyTypedData({ address: wallet.address, domain: data.domain, types, primaryType: "Payment", message: { order: "ZSH-42", amount: 2_500_000n }, signature: signed.typedSignature as Hex }),
  ).toBe(true);
  expect(signed.receiptStatus).toBe("0x1");

  const client = createPublicClient({ transport: http(sandbox.rpcUrl) });
  const receipt = await client.waitForTransactionReceipt({ hash: signed.hash as Hex });
  expect(receipt.status).toBe("success");
  const logs = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" });
  expect(logs).toHaveLength(1);
  expect(logs[0].address).toBe(sandbox.tokens.USDC.toLowerCase());
  expect(logs[0].args).toEqual({ from: wallet.address, to: merchant, value: 2_500_000n });
  expect(await client.readContract({ address: sandbox.tokens.USDC, abi: erc20Abi, functionName: "balanceOf", args: [merchant] })).toBe(2_500_000n);

  wallet.rejectNextRequest();
  const refused = await page.evaluate(async () => {
    type P = { request(a: { method: string; params?: unknown[] }): Promise<unknown> };
    const provider = (window as unknown as { __testProvider: P }).__testProvider;
    const [from] = (await provider.request({ method: "eth_accounts" })) as string[];
    try {
      await provider.request({ method: "personal_sign", params: ["0x68656c6c6f", from] });
      return { refused: false };
    } catch (error) {
      const e = error as { code?: number; message?: string };
      return { refused: true, code: e.code, message: e.message, isError: error instanceof Error };
    }
  });
  expect(refused).toEqual({ refused: true, code: 4001, message: "User rejected the request.", isError: true });
  expect(wallet.requests).toEqual(["eth_requestAccounts", "personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "personal_sign"]);
});

test("the EVM test wallet switches to the local chain only and emits chainChanged / accountsChanged to listeners", async ({ page }) => {
  const wallet = createEvmTestWallet({ rpcUrl: sandbox.rpcUrl, chainId: sandbox.chainId, startChainId: 1, connected: true });
  await wallet.install(page);
  await page.goto("/");

  const result = await page.evaluate(async (localChain) => {
    type P = {
      request(a: { method: string; params?: unknown[] }): Promise<unknown>;
      on(e: string, l: (d: unknown) => void): void;
      removeListener(e: string, l: (d: unknown) => void): void;
    };
    const provider = (window as unknown as { ethereum: P }).ethereum;
    const seen: [string, unknown][] = [];
    const removed: unknown[] = [];
    const onRemoved = (d: unknown) => removed.push(d);
    provider.on("chainChanged", (id) => seen.push(["chainChanged", id]));
    provider.on("chainChanged", onRemoved);
    provider.removeListener("chainChanged", onRemoved);
    provider.on("accountsChanged", (a) => seen.push(["accountsChanged", a]));
    (window as unknown as { __seen: unknown }).__seen = seen;
    const before = await provider.request({ method: "eth_chainId" });
    const accounts = await provider.request({ method: "eth_accounts" });
    const unknown = await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x89" }] }).catch((e: { code: number }) => e.code);
    const switched = await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: localChain }] });
    const after = await provider.request({ method: "eth_chainId" });
    return { before, accounts, unknown, switched, after, seen: [...seen], removed };
  }, toHex(sandbox.chainId));
  expect(result).toEqual({
    before: "0x1",
    accounts: [wallet.address],
    unknown: 4902,
    switched: null,
    after: toHex(sandbox.chainId),
    seen: [["chainChanged", toHex(sandbox.chainId)]],
    removed: [],
  });

  await wallet.disconnect();
  const seen = await page.evaluate(() => (window as unknown as { __seen: unknown[] }).__seen);
  expect(seen.at(-1)).toEqual(["accountsChanged", []]);
  expect(await page.evaluate(() => (window as unknown as { ethereum: { request(a: { method: string }): Promise<unknown> } }).ethereum.request({ method: "eth_accounts" }))).toEqual([]);
});
