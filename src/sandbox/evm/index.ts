import type { Logger } from "pino";
import { deployFeeProxy } from "./deploy-fee-proxy";
import { deployRouteFactory } from "./deploy-route-factory";
import { deployTestTokens } from "./deploy-tokens";
import { EvmSandboxError } from "./errors";
import { fundAccount } from "./fund-account";
import { launchAnvil, type AnvilProcess } from "./launch-anvil";
import { createSandboxClients } from "./local-chain";
import { mintTestTokens } from "./mint-tokens";
import { compileRouteFactory } from "./route-contracts";
import { compileTestToken, TEST_TOKEN_DECIMALS, type TestTokenSymbol } from "./test-token";

export { EvmSandboxError } from "./errors";
export { ANVIL_DEV_ACCOUNT } from "./local-chain";
export { TEST_TOKEN_DECIMALS, TEST_TOKENS, testTokenAbi, type TestTokenSymbol } from "./test-token";
export { FEE_PROXY_NONCE } from "./deploy-fee-proxy";
export { ROUTE_FACTORY_NONCE } from "./deploy-route-factory";

/** anvil's default chain id, the sandbox's unless told otherwise. */
export const DEFAULT_EVM_SANDBOX_CHAIN_ID = 31337;

export interface EvmSandboxOptions {
  /** Interval mining every `blockTimeSec` seconds; undefined = automine (tests). The sandbox default of 1 s is set by the caller. */
  blockTimeSec?: number;
  /** Default 31337. */
  chainId?: number;
  /** Decimals of each test token; default `TEST_TOKEN_DECIMALS` (6). E.g. `{ USDT: 18 }` like USDT on BNB Smart Chain. */
  tokenDecimals?: Partial<Record<TestTokenSymbol, number>>;
  /** Where anvil listens; default 127.0.0.1 and a port the system picks. */
  host?: string;
  port?: number;
  log?: Logger;
}

export interface EvmSandbox {
  /** http://127.0.0.1:<port chosen by anvil with --port 0> */
  rpcUrl: string;
  chainId: number;
  /** Test USDC and USDT deployed at start from anvil's first default account, so addresses are deterministic (nonce 0 and 1). */
  tokens: { USDC: `0x${string}`; USDT: `0x${string}` };
  /** Each test token's decimals, as deployed. */
  decimals: Record<TestTokenSymbol, number>;
  /** Request Network's ERC20FeeProxy, deployed from its published bytecode at nonce 2 (deterministic too). */
  feeProxy: `0x${string}`;
  /** zpay's route factory (contracts/ZpayRouteFactory.sol), deployed at nonce 3 (deterministic too). */
  routeFactory: `0x${string}`;
  /** Sends native coin for fees from a funded anvil account; returns the tx hash after it is mined. */
  fund(address: `0x${string}`, wei: bigint): Promise<`0x${string}`>;
  /** Mints `amount` base units of the token to `address` (owner-only mint on the test token); waits for the receipt. */
  mintTokens(address: `0x${string}`, token: `0x${string}`, amount: bigint): Promise<`0x${string}`>;
  /** The anvil child's pid (for tests proving it is gone after stop). */
  pid: number;
  /** Kills the child (SIGTERM, then SIGKILL after a grace period) and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * Starts a local EVM network: anvil as a child process (see `launchAnvil`: loopback, a free port,
 * dies with this process, `finalized` two blocks behind the head), then test USDC and USDT and
 * Request Network's ERC20FeeProxy and zpay's route factory deployed from `ANVIL_DEV_ACCOUNT`. The
 * token and the factory are compiled from contracts/ while anvil starts (solc-js, cached on disk).
 * @throws {EvmSandboxError} when anvil does not start, the token does not compile or deploy; anvil
 *   is stopped again before the error is thrown.
 */
export async function startEvmSandbox(options: EvmSandboxOptions = {}): Promise<EvmSandbox> {
  const { blockTimeSec, log } = options;
  const chainId = options.chainId ?? DEFAULT_EVM_SANDBOX_CHAIN_ID;
  const decimals: Record<TestTokenSymbol, number> = { USDC: TEST_TOKEN_DECIMALS, USDT: TEST_TOKEN_DECIMALS, ...options.tokenDecimals };
  for (const [symbol, d] of Object.entries(decimals)) {
    if (!Number.isInteger(d) || d < 0 || d > 36) throw new EvmSandboxError(`${symbol} decimals must be an integer in 0..36, got ${d}`);
  }
  const startedAt = performance.now();
  const since = (t: number) => Math.round(performance.now() - t);

  const [compiled, launched] = await Promise.allSettled([
    Promise.all([compileTestToken({ log }), compileRouteFactory({ log })]).then(([token, factory]) => ({
      artifact: token.artifact,
      factoryArtifact: factory.artifact,
      fromCache: token.fromCache && factory.fromCache,
      ms: since(startedAt),
    })),
    launchAnvil({ chainId, blockTimeSec, log, host: options.host, port: options.port }).then((anvil) => ({ anvil, ms: since(startedAt) })),
  ]);
  if (launched.status === "rejected") throw launched.reason;
  const anvil: AnvilProcess = launched.value.anvil;
  if (compiled.status === "rejected") {
    await anvil.stop();
    throw compiled.reason;
  }

  const clients = createSandboxClients(chainId, anvil.rpcUrl);
  const deployStartedAt = performance.now();
  let tokens: EvmSandbox["tokens"];
  let feeProxy: EvmSandbox["feeProxy"];
  let routeFactory: EvmSandbox["routeFactory"];
  try {
    tokens = await deployTestTokens(clients, compiled.value.artifact, { blockTimeSec, decimals });
    feeProxy = await deployFeeProxy(clients, { blockTimeSec });
    routeFactory = await deployRouteFactory(clients, compiled.value.factoryArtifact, { blockTimeSec });
  } catch (error) {
    await anvil.stop();
    throw error;
  }
  log?.info(
    {
      rpcUrl: anvil.rpcUrl,
      chainId,
      compileMs: compiled.value.ms,
      compiledFromCache: compiled.value.fromCache,
      launchMs: launched.value.ms,
      deployMs: since(deployStartedAt),
      totalMs: since(startedAt),
    },
    "local EVM network ready",
  );

  let stopped = false;
  const running = () => {
    if (stopped) throw new EvmSandboxError("the local EVM network is stopped");
  };
  return {
    rpcUrl: anvil.rpcUrl,
    chainId,
    tokens,
    decimals,
    feeProxy,
    routeFactory,
    pid: anvil.pid,
    async fund(address, wei) {
      running();
      return fundAccount(clients, address, wei, { blockTimeSec });
    },
    async mintTokens(address, token, amount) {
      running();
      return mintTestTokens(clients, address, token, amount, { blockTimeSec });
    },
    async stop() {
      stopped = true;
      await anvil.stop();
    },
  };
}
