import { createPublicClient, createTestClient, createWalletClient, defineChain, http, type Address, type Chain } from "viem";
import { createSerialQueue } from "./serial-queue";

/**
 * anvil's first default account (mnemonic "test test … junk", index 0): unlocked on every anvil,
 * so the node signs for it. It deploys the test tokens (and so owns their `mint`) and pays the
 * faucet. Public knowledge: never use it on a real network.
 */
export const ANVIL_DEV_ACCOUNT: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** How often viem polls the local node for receipts and blocks (loopback, so cheap). */
const POLLING_INTERVAL_MS = 100;

/** A viem chain for the local network. */
export function localEvmChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: "zpay local EVM",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

/**
 * The clients the sandbox drives anvil with. The wallet client's account is a JSON-RPC account:
 * transactions go out as `eth_sendTransaction` and anvil signs them and picks the nonce.
 * `submitAsDev` serializes those submissions (not the waits for receipts): concurrent ones could
 * otherwise get the same nonce.
 */
export function createSandboxClients(chainId: number, rpcUrl: string) {
  const chain = localEvmChain(chainId, rpcUrl);
  const transport = http(rpcUrl);
  return {
    chain,
    public: createPublicClient({ chain, transport, pollingInterval: POLLING_INTERVAL_MS }),
    wallet: createWalletClient({ chain, transport, account: ANVIL_DEV_ACCOUNT, pollingInterval: POLLING_INTERVAL_MS }),
    test: createTestClient({ chain, transport, mode: "anvil", pollingInterval: POLLING_INTERVAL_MS }),
    submitAsDev: createSerialQueue(),
  };
}

export type SandboxClients = ReturnType<typeof createSandboxClients>;

/** How long to wait for a receipt: generous, and longer with slow interval mining. */
export function receiptTimeoutMs(blockTimeSec: number | undefined): number {
  return Math.max(30_000, (blockTimeSec ?? 0) * 3_000);
}
