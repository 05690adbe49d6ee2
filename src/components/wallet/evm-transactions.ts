import { decodeFunctionResult, encodeFunctionData, numberToHex, parseAbi, zeroAddress, type Hex } from "viem";
import type { Eip1193Provider } from "./wallet-connect-dialog/eip6963";

/**
 * Transactions a merchant's own EVM wallet sends (route deploy, settlements) straight through its
 * EIP-1193 provider: the wallet signs, zpay never holds a key. Reads go through the same provider
 * (its node), so they see what the wallet's transactions did.
 */

const factoryAbi = parseAbi(["function routeOf(address owner) view returns (address)", "function deploy() returns (address route)"]);

/** A sent transaction the chain refused (reverted): the wallet paid the fee, nothing changed. */
export class TransactionReverted extends Error {
  constructor(readonly hash: string) {
    super(`transaction ${hash} reverted`);
    this.name = "TransactionReverted";
  }
}

/** Puts the wallet on `chainId` (a no-op when it is there already). */
export async function switchChain(provider: Eip1193Provider, chainId: number): Promise<void> {
  const current = Number(await provider.request({ method: "eth_chainId" }));
  if (current === chainId) return;
  await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
}

/**
 * Polls for the receipt of `hash` until it is mined (a local chain mines in a second, a real one in
 * seconds to minutes), then answers it.
 * @throws {TransactionReverted} when the chain refused it; an Error after `timeoutMs`.
 */
export async function waitForReceipt(provider: Eip1193Provider, hash: string, { pollMs = 500, timeoutMs = 180_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = (await provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as { status?: string } | null;
    if (receipt) {
      if (receipt.status !== "0x1") throw new TransactionReverted(hash);
      return;
    }
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined in time`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Sends a call from `from` on `chainId` and waits for it to be mined; answers its hash. */
export async function sendAndWait(provider: Eip1193Provider, call: { chainId: number; from: string; to: string; data: string }): Promise<string> {
  await switchChain(provider, call.chainId);
  const hash = (await provider.request({ method: "eth_sendTransaction", params: [{ from: call.from, to: call.to, data: call.data }] })) as string;
  await waitForReceipt(provider, hash);
  return hash;
}

/**
 * SPEC §4 get-or-deploy: asks the factory for `owner`'s route; when it answers the zero address the
 * wallet sends `deploy()` and the deploy transaction's hash is answered (the server checks its
 * receipt), else nothing (the server asks the factory itself).
 */
export async function getOrDeployRoute(provider: Eip1193Provider, { factory, owner, chainId }: { factory: string; owner: string; chainId: number }): Promise<{ deployHash?: string }> {
  await switchChain(provider, chainId);
  const data = encodeFunctionData({ abi: factoryAbi, functionName: "routeOf", args: [owner as Hex] });
  const answer = (await provider.request({ method: "eth_call", params: [{ to: factory, data }, "latest"] })) as Hex;
  const route = decodeFunctionResult({ abi: factoryAbi, functionName: "routeOf", data: answer });
  if (route !== zeroAddress) return {};
  const deployHash = await sendAndWait(provider, { chainId, from: owner, to: factory, data: encodeFunctionData({ abi: factoryAbi, functionName: "deploy" }) });
  return { deployHash };
}
