import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  zeroAddress,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { fileURLToPath } from "node:url";
import { startEvmSandbox, type EvmSandbox } from "@/sandbox/evm";
import { compileContract } from "@/sandbox/evm/compile-contract";
import { localEvmChain } from "@/sandbox/evm/local-chain";
import { LOCAL_EVM_CHAIN_B_ID, LOCAL_EVM_CHAIN_ID } from "@/lib/chains";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { ChainRuntime, EvmRuntime, Stablecoin } from "../chains/runtime";
import { feeProxyAbi } from "../chains/evm/fee-proxy-abi";
import type { Database } from "../db/client";
import { listenForNewPayments } from "../jobs/payment-wakeups";
import { startEvmWatcher, type EvmWatcher } from "../jobs/evm-watcher";
import { evmPaymentSink } from "../jobs/evm-payment-sink";
import { evmLogCursorStore } from "../jobs/evm-log-cursor";
import { payerScreen } from "../modules/sanctions";
import { signInMerchant } from "./merchants";
import { attachWalletAndLink, startPayApps, type PayApps } from "./pay-apps";

/** A local EVM chain of the fixture, with clients to drive it. */
export interface FixtureChain {
  sandbox: EvmSandbox;
  runtime: EvmRuntime;
  client: ReturnType<typeof createPublicClient>;
  test: ReturnType<typeof createTestClient>;
}

export interface EvmPayFixture extends PayApps {
  /** Local EVM A (31337, 6-decimals tokens) and B (31338, USDT with 18 decimals). */
  chains: Record<number, FixtureChain>;
  watchers: Record<number, EvmWatcher>;
  /** Stops a chain's watcher (the process went down); `startWatcher` starts a new one on the same database. */
  stopWatcher(chainId: number): Promise<void>;
  startWatcher(chainId: number): Promise<EvmWatcher>;
  /** Mines `blocks` empty blocks (automine mines only with transactions): moves the chain's finalized tag. */
  mine(chainId: number, blocks?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The app over one database with everything an EVM payment touches running for real: the two
 * local anvil chains (automine by default, so each transaction is a block and finality moves when
 * a test mines), pg-boss with the webhook worker, and a watcher per chain polling every 100 ms
 * (the bench passes interval mining and the server's own poll).
 */
export async function startEvmPayFixture(
  database: Database,
  env: Record<string, string> = {},
  options: { blockTimeSec?: number; pollMs?: number } = {},
): Promise<EvmPayFixture> {
  const { blockTimeSec } = options;
  const sandboxes = await Promise.all([
    startEvmSandbox({ chainId: LOCAL_EVM_CHAIN_ID, blockTimeSec }),
    startEvmSandbox({ chainId: LOCAL_EVM_CHAIN_B_ID, tokenDecimals: { USDT: 18 }, blockTimeSec }),
  ]);
  const chains: Record<number, FixtureChain> = {};
  for (const sandbox of sandboxes) {
    const chain = localEvmChain(sandbox.chainId, sandbox.rpcUrl);
    const tokens = Object.fromEntries(
      (Object.entries(sandbox.tokens) as [Stablecoin, Address][]).map(([symbol, address]) => [symbol, { address, decimals: sandbox.decimals[symbol] }]),
    );
    chains[sandbox.chainId] = {
      sandbox,
      runtime: { chainId: sandbox.chainId, rpcUrl: sandbox.rpcUrl, tokens, feeProxy: sandbox.feeProxy, routeFactory: sandbox.routeFactory, local: sandbox },
      client: createPublicClient({ chain, transport: http(sandbox.rpcUrl), pollingInterval: 50, cacheTime: 0 }),
      test: createTestClient({ chain, transport: http(sandbox.rpcUrl), mode: "anvil" }),
    };
  }
  const runtime: ChainRuntime = { evm: sandboxes.map((s) => chains[s.chainId]!.runtime), stop: async () => {} };
  const base = await startPayApps(database, { env, chains: runtime, dataDirPrefix: "zpay-evm-pay-" });
  const { apps, log } = base;
  const startWatcher = (chainId: number) => {
    const { runtime: evm } = chains[chainId]!;
    return startEvmWatcher(evmPaymentSink({ db: database.db, queue: apps.queue, log, isSanctioned: payerScreen(apps.dataDir) }), log, {
      chainId,
      rpcUrl: evm.rpcUrl,
      proxy: evm.feeProxy!,
      cursor: evmLogCursorStore(database.db, chainId, evm.feeProxy!),
      pollMs: options.pollMs ?? 100,
      wakeups: (onNew) => listenForNewPayments(database, onNew),
    });
  };
  const watchers: Record<number, EvmWatcher> = {};
  for (const sandbox of sandboxes) watchers[sandbox.chainId] = await startWatcher(sandbox.chainId);
  const fixture: EvmPayFixture = {
    ...apps,
    chains,
    watchers,
    stopWatcher: async (chainId) => {
      await watchers[chainId]?.stop();
      delete watchers[chainId];
    },
    startWatcher: async (chainId) => {
      const started = await startWatcher(chainId);
      watchers[chainId] = started;
      return started;
    },
    mine: async (chainId, blocks = 2) => {
      await chains[chainId]!.test.mine({ blocks });
    },
    stop: async () => {
      await Promise.all(Object.values(watchers).map((w) => w.stop()));
      await base.stop();
      await Promise.all(sandboxes.map((s) => s.stop()));
    },
  };
  return fixture;
}

/** A fresh EVM account (a payer's or a merchant's). */
export const newEvmAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** A fresh account on `chainId` with gas money (1 ETH) and no tokens. */
export async function fundedEvmAccount(f: EvmPayFixture, chainId: number): Promise<PrivateKeyAccount> {
  const account = newEvmAccount();
  await f.chains[chainId]!.sandbox.fund(account.address, parseEther("1"));
  return account;
}

/** A wallet client signing as `account` on the fixture's chain `chainId`, as a browser wallet would send. */
export function evmWalletOf(f: EvmPayFixture, chainId: number, account: PrivateKeyAccount) {
  const { rpcUrl } = f.chains[chainId]!.sandbox;
  return createWalletClient({ account, chain: localEvmChain(chainId, rpcUrl), transport: http(rpcUrl) });
}

/**
 * A signed-in merchant with an EVM receiving wallet (attached on `walletChainId`: one EVM address
 * serves every EVM chain), optionally a webhook endpoint, and one zLink.
 */
export async function evmMerchantWithLink(
  f: EvmPayFixture,
  link: Record<string, unknown> = { label: "Coffee beans", price: "12.5", currency: "USDC" },
  integration?: { endpoint?: string; callback?: string },
  walletChainId = LOCAL_EVM_CHAIN_ID,
) {
  const merchant = await signInMerchant(f.app);
  // Attached by hand through the API, as the wallet dialog's manual form does: it receives on every EVM chain offered.
  const receiving = newEvmAccount().address;
  return { merchant, receiving, ...(await attachWalletAndLink(f, merchant, { address: receiving, chain: walletChainId, type: "manual", version: 1 }, link, integration)) };
}

/** A payer on `chainId` with gas money and `amount` base units of `symbol`. */
export async function fundedEvmPayer(f: EvmPayFixture, chainId: number, symbol: Stablecoin, amount: bigint) {
  const { sandbox } = f.chains[chainId]!;
  const account = await fundedEvmAccount(f, chainId);
  if (amount > 0n) await sandbox.mintTokens(account.address, sandbox.tokens[symbol], amount);
  return account;
}

/**
 * Pays as a wallet following the pay page's contract would: approves the proxy for the amount,
 * then calls transferFromWithReferenceAndFee(token, recipient, amount, reference, 0, 0x0). A test
 * may tamper with the info (another amount, token or recipient). Answers the payment's
 * transaction hash once mined.
 */
export async function payEvm(f: EvmPayFixture, payer: PrivateKeyAccount, info: PaymentTransactionInfo, tamper: Partial<PaymentTransactionInfo> = {}): Promise<Hash> {
  const paid = { ...info, ...tamper };
  const { client } = f.chains[paid.chain]!;
  const wallet = evmWalletOf(f, paid.chain, payer);
  const token = paid.tokenAddress as Address;
  const proxy = paid.proxy as Address;
  const amount = BigInt(paid.amountWei);
  const approved = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: "approve", args: [proxy, amount] });
  await client.waitForTransactionReceipt({ hash: approved });
  const hash = await wallet.writeContract({
    address: proxy,
    abi: feeProxyAbi,
    functionName: "transferFromWithReferenceAndFee",
    args: [token, paid.recipient as Address, amount, paid.reference as Hex, 0n, zeroAddress],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`payment ${hash} reverted`);
  return hash;
}

/**
 * The screening attack's relay (`contracts/test/PayRelay.sol`), deployed by `owner` on `chainId`
 * and holding `amount` of `symbol`: `pay` has the owner sign and fund a call that pays the relay's
 * own tokens through the fee proxy, so the token's `Transfer` names the relay and only the
 * transaction names the owner. Answers the relay's address and `pay` (the mined transaction's hash).
 */
export async function payRelayOf(f: EvmPayFixture, chainId: number, owner: PrivateKeyAccount, symbol: Stablecoin, amount: bigint) {
  const { client, sandbox } = f.chains[chainId]!;
  const wallet = evmWalletOf(f, chainId, owner);
  const { artifact } = await compileContract(fileURLToPath(new URL("../../../contracts/test/PayRelay.sol", import.meta.url)), "PayRelay");
  const deployed = await client.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode }) });
  const address = deployed.contractAddress!;
  await sandbox.mintTokens(address, sandbox.tokens[symbol], amount);
  const pay = async (to: Pick<PaymentTransactionInfo, "proxy" | "tokenAddress" | "recipient" | "amountWei" | "reference">): Promise<Hash> => {
    const hash = await wallet.writeContract({
      address,
      abi: artifact.abi,
      functionName: "pay",
      args: [to.proxy, to.tokenAddress, to.recipient, BigInt(to.amountWei), to.reference],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || receipt.from.toLowerCase() !== owner.address.toLowerCase()) throw new Error(`relay payment ${hash} reverted or was not the owner's`);
    return hash;
  };
  return { address, pay };
}
