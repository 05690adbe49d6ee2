import { eq } from "drizzle-orm";
import { createWalletClient, createPublicClient, http, parseEther, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_MESSAGES } from "@/lib/route-messages";
import { SETTLEMENT_MESSAGES } from "@/lib/settlements";
import { startEvmSandbox, type EvmSandbox } from "@/sandbox/evm";
import { localEvmChain } from "@/sandbox/evm/local-chain";
import { createApp } from "../../app";
import { routeFactoryAbi } from "../../chains/evm/route-abi";
import type { ChainRuntime } from "../../chains/runtime";
import type { Database } from "../../db/client";
import { merchantWallets, retiredRoutes, routeSettlementCursors } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { countingRpcProxy } from "../../testing/counting-rpc-proxy";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { getReceivingWallet } from "../wallets/service";
import { call, prove } from "../wallets/test-kit";

/**
 * A non-custodial merchant's EVM wallet is attached only once the chain shows its route; then its
 * payments go to the route and the settlement routes read and build calls for that route only.
 */
describe.each(TEST_BACKENDS)("route wallets and settlements on %s", (kind) => {
  let sandbox: EvmSandbox;
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let chain: number;
  const publicClient = () => createPublicClient({ chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl), cacheTime: 0 });

  /** The sandbox chain, read at `rpcUrl` (the sandbox itself, or a proxy in front of it). */
  const chainsAt = (rpcUrl: string): ChainRuntime => ({
    evm: [
      {
        chainId: sandbox.chainId,
        rpcUrl,
        tokens: { USDC: { address: sandbox.tokens.USDC, decimals: 6 }, USDT: { address: sandbox.tokens.USDT, decimals: 6 } },
        feeProxy: sandbox.feeProxy,
        routeFactory: sandbox.routeFactory,
        local: sandbox,
      },
    ],
    stop: async () => {},
  });

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startEvmSandbox(), openTestDb(kind)]);
    chain = sandbox.chainId;
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }, chainsAt(sandbox.rpcUrl)));
  });
  afterAll(async () => {
    await Promise.all([database?.close(), sandbox?.stop()]);
  });

  /** A signed-in non-custodial merchant with a funded EVM wallet (no route yet). */
  async function nonCustodialMerchant() {
    const m = await signInMerchant(app);
    expect((await call(app, "POST", "/sandbox/non-custodial", m.auth, { nonCustodial: true })).body).toEqual({ data: { isNonCustodial: true } });
    const account = privateKeyToAccount(generatePrivateKey());
    await sandbox.fund(account.address, parseEther("1"));
    const wallet = createWalletClient({ account, chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl) });
    const proving = { address: account.address, sign: (message: string) => account.signMessage({ message }) };
    const deploy = async () => {
      const hash = await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" });
      await publicClient().waitForTransactionReceipt({ hash });
      return hash;
    };
    const attach = async (extra: Record<string, unknown> = {}) => {
      const { proof } = await prove(app, m.auth, chain, proving);
      return call(app, "POST", "/wallet/networks", m.auth, { address: account.address, chain, type: "metamask", proof, ...extra });
    };
    return { ...m, account, wallet, deploy, attach };
  }

  /** Sends a route call the server built, from the merchant's wallet, and waits for it. */
  async function send(wallet: ReturnType<typeof createWalletClient>, built: { to: string; data: string }) {
    const hash = await wallet.sendTransaction({ to: built.to as Hex, data: built.data as Hex, account: wallet.account!, chain: wallet.chain, gas: 300_000n });
    return publicClient().waitForTransactionReceipt({ hash });
  }

  it("attach waits for the route: refused before the deploy, by hand, or with a deploy that is not the wallet's; stored with hash and route after it", async () => {
    const m = await nonCustodialMerchant();
    expect(await m.attach()).toMatchObject({ status: 422, body: { code: "route_not_deployed", message: ROUTE_MESSAGES.notDeployed } });
    const manual = await call(app, "POST", "/wallet/networks", m.auth, { address: m.account.address, chain, type: "manual" });
    expect(manual).toMatchObject({ status: 400, body: { code: "route_needs_connected_wallet", message: ROUTE_MESSAGES.manual } });

    const notADeploy = await sandbox.fund(m.account.address, 1n);
    expect(await m.attach({ deployHash: notADeploy })).toMatchObject({ status: 422, body: { code: "route_deploy_mismatch" } });
    const other = await nonCustodialMerchant();
    const othersDeploy = await other.deploy();
    expect(await m.attach({ deployHash: othersDeploy })).toMatchObject({ status: 422, body: { code: "route_deploy_mismatch" } });
    expect(await m.attach({ deployHash: "0x1234" })).toMatchObject({ status: 400 });

    const deployHash = await m.deploy();
    const route = await publicClient().readContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "routeOf", args: [m.account.address] });
    const attached = await m.attach({ deployHash });
    expect(attached.status).toBe(201);
    expect(attached.body.data.wallet).toMatchObject({ address: m.account.address, route, hash: deployHash, walletDeployed: true, chains: [chain] });
    // Payments to this merchant go to the route, never to the owner wallet.
    expect(await getReceivingWallet(database.db, m.id, chain)).toEqual({ address: route });
    const listed = await call(app, "GET", "/wallet/networks", m.auth);
    expect(listed.body.data.wallets[0]).toMatchObject({ route, hash: deployHash, walletDeployed: true });
  });

  it("get-or-deploy: a wallet whose route already exists attaches without a hash (the factory answers it)", async () => {
    const m = await nonCustodialMerchant();
    const status = await call(app, "GET", "/wallet/networks/status", m.auth);
    expect(status.body.data.nonCustodial).toBe(true);
    expect(status.body.data.chains.find((c: { chain: number }) => c.chain === chain)).toMatchObject({ routeFactory: sandbox.routeFactory });
    await m.deploy();
    const attached = await m.attach();
    expect(attached.status).toBe(201);
    expect(attached.body.data.wallet.route).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(attached.body.data.wallet.hash).toBeUndefined();
    expect(attached.body.data.wallet.walletDeployed).toBe(true);
  });

  it("a custodial merchant attaches an EVM wallet as before: no route, paid at the address itself", async () => {
    const m = await signInMerchant(app);
    const account = privateKeyToAccount(generatePrivateKey());
    const { proof } = await prove(app, m.auth, chain, { address: account.address, sign: (message) => account.signMessage({ message }) });
    const res = await call(app, "POST", "/wallet/networks", m.auth, { address: account.address, chain, type: "metamask", proof });
    expect(res.status).toBe(201);
    expect(res.body.data.wallet.route).toBeUndefined();
    expect(await getReceivingWallet(database.db, m.id, chain)).toEqual({ address: account.address });
    expect(await call(app, "POST", "/v2/settlements/read-unsettled", m.auth, {})).toMatchObject({ status: 200, body: { data: { route: null, balances: [] } } });
    expect(await call(app, "POST", "/v2/settlements/read-history", m.auth, {})).toMatchObject({ status: 200, body: { data: [] } });
    const run = await call(app, "POST", "/v2/settlements/run", m.auth, { action: "settle", token: "USDC", to: account.address, amount: "1" });
    expect(run).toMatchObject({ status: 404, body: { code: "route_not_found", message: SETTLEMENT_MESSAGES.noRoute } });
  });

  it("read-unsettled, run and read-history: settle to the settlement address, refuse a non-whitelisted one, whitelist it, settle; a second merchant sees only its own", async () => {
    const a = await nonCustodialMerchant();
    await a.deploy();
    const route = (await a.attach()).body.data.wallet.route as Hex;
    await sandbox.mintTokens(route, sandbox.tokens.USDC, 5_000_000n);
    const b = await nonCustodialMerchant();
    await b.deploy();
    const bRoute = (await b.attach()).body.data.wallet.route as string;

    const unsettled = await call(app, "POST", "/v2/settlements/read-unsettled", a.auth, {});
    expect(unsettled.body.data).toEqual({
      route,
      chain,
      owner: a.account.address,
      settlementAddress: a.account.address,
      balances: [
        { symbol: "USDC", tokenAddress: sandbox.tokens.USDC, decimals: 6, amount: "5000000" },
        { symbol: "USDT", tokenAddress: sandbox.tokens.USDT, decimals: 6, amount: "0" },
      ],
      earlierRoutes: [],
    });
    const bUnsettled = await call(app, "POST", "/v2/settlements/read-unsettled", b.auth, {});
    expect(bUnsettled.body.data).toMatchObject({ route: bRoute, balances: [{ symbol: "USDC", amount: "0" }, { symbol: "USDT", amount: "0" }] });

    const exchange = privateKeyToAccount(generatePrivateKey()).address;
    const refused = await call(app, "POST", "/v2/settlements/run", a.auth, { action: "settle", token: "USDC", to: exchange, amount: "1000000" });
    expect(refused).toMatchObject({ status: 422, body: { code: "not_whitelisted", message: SETTLEMENT_MESSAGES.notWhitelisted } });
    // B cannot have a call built for A's route: B's calls target B's own route.
    const bCall = await call(app, "POST", "/v2/settlements/run", b.auth, { action: "addWhitelist", address: exchange });
    expect(bCall.body.data).toMatchObject({ to: bRoute, from: b.account.address });

    const toSelf = await call(app, "POST", "/v2/settlements/run", a.auth, { action: "settle", token: "USDC", to: a.account.address, amount: "2000000" });
    expect(toSelf.body.data).toMatchObject({ chain, from: a.account.address, to: route, data: expect.stringMatching(/^0x/) });
    const first = await send(a.wallet, toSelf.body.data);
    expect(first.status).toBe("success");

    const whitelist = await call(app, "POST", "/v2/settlements/run", a.auth, { action: "addWhitelist", address: exchange });
    expect((await send(a.wallet, whitelist.body.data)).status).toBe("success");
    const toExchange = await call(app, "POST", "/v2/settlements/run", a.auth, { action: "settle", token: sandbox.tokens.USDC.toLowerCase(), to: exchange, amount: "1000000" });
    expect(toExchange.status).toBe(200);
    const second = await send(a.wallet, toExchange.body.data);

    const history = await call(app, "POST", "/v2/settlements/read-history", a.auth, {});
    expect(history.body.data).toEqual([
      { route, symbol: "USDC", tokenAddress: sandbox.tokens.USDC, decimals: 6, to: exchange, amount: "1000000", hash: second.transactionHash, blockNumber: second.blockNumber.toString(), scanLink: expect.stringContaining(`/tx/${chain}/`) },
      { route, symbol: "USDC", tokenAddress: sandbox.tokens.USDC, decimals: 6, to: a.account.address, amount: "2000000", hash: first.transactionHash, blockNumber: first.blockNumber.toString(), scanLink: expect.stringContaining(`/tx/${chain}/`) },
    ]);
    expect((await call(app, "POST", "/v2/settlements/read-history", b.auth, {})).body.data).toEqual([]);
    expect((await call(app, "POST", "/v2/settlements/read-unsettled", a.auth, {})).body.data.balances[0].amount).toBe("2000000");

    const tooMuch = await call(app, "POST", "/v2/settlements/run", a.auth, { action: "settle", token: "USDC", to: exchange, amount: "2000001" });
    expect(tooMuch).toMatchObject({ status: 422, body: { code: "insufficient_balance" } });
    // Sent anyway, the contract refuses a non-whitelisted recipient itself.
    const { encodeFunctionData } = await import("viem");
    const { routeAbi } = await import("../../chains/evm/route-abi");
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const direct = await send(a.wallet, { to: route, data: encodeFunctionData({ abi: routeAbi, functionName: "settle", args: [sandbox.tokens.USDC, stranger, 1n] }) });
    expect(direct.status).toBe("reverted");
  });

  it("read-history twice reads only new blocks the second time", async () => {
    // The same app reading the chain through a counting proxy: every eth_getLogs range is seen.
    const proxy = await countingRpcProxy(sandbox.rpcUrl);
    try {
      const viaProxy = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }, chainsAt(proxy.url)));
      const m = await nonCustodialMerchant();
      await m.deploy();
      const route = (await m.attach()).body.data.wallet.route as Hex;
      await sandbox.mintTokens(route, sandbox.tokens.USDC, 3_000_000n);
      const settle = async (amount: string) => send(m.wallet, (await call(app, "POST", "/v2/settlements/run", m.auth, { action: "settle", token: "USDC", to: m.account.address, amount })).body.data);
      const first = await settle("1000000");

      proxy.reset();
      const once = await call(viaProxy, "POST", "/v2/settlements/read-history", m.auth, {});
      expect(once.body.data.map((s: { hash: string }) => s.hash)).toEqual([first.transactionHash]);
      // The first read goes from the route's deployment block (found on chain then stored) to the head.
      const deployBlock = (await database.db.select().from(merchantWallets).where(eq(merchantWallets.userId, m.id)))[0]!.routeDeployBlock!;
      expect(deployBlock).toBeGreaterThan(0n);
      expect(proxy.logRanges[0]![0]).toBe(deployBlock);
      const head1 = proxy.logRanges.at(-1)![1];

      const second = await settle("500000");
      const head2 = await publicClient().getBlockNumber({ cacheTime: 0 });
      proxy.reset();
      const twice = await call(viaProxy, "POST", "/v2/settlements/read-history", m.auth, {});
      expect(twice.body.data.map((s: { hash: string; amount: string }) => [s.hash, s.amount])).toEqual([
        [second.transactionHash, "500000"],
        [first.transactionHash, "1000000"],
      ]);
      // Only the blocks after the first read's head: from head1 + 1 to the new head, none twice.
      expect(proxy.logRanges).toEqual([[head1 + 1n, head2]]);

      // Nothing new on chain: no eth_getLogs at all, the same answer.
      proxy.reset();
      expect((await call(viaProxy, "POST", "/v2/settlements/read-history", m.auth, {})).body.data).toEqual(twice.body.data);
      expect(proxy.logRanges).toEqual([]);

      // The read block replaced (a reorganization): the route is read again from its deployment, no event twice.
      await database.db.update(routeSettlementCursors).set({ blockHash: `0x${"00".repeat(32)}` }).where(eq(routeSettlementCursors.routeAddress, route.toLowerCase()));
      proxy.reset();
      expect((await call(viaProxy, "POST", "/v2/settlements/read-history", m.auth, {})).body.data).toEqual(twice.body.data);
      expect(proxy.logRanges[0]![0]).toBe(deployBlock);
    } finally {
      await proxy.close();
    }
  });

  it("replacing the EVM wallet keeps the old route: its balance and history stay shown, the old wallet settles it, new payments go to the new route", async () => {
    const m = await nonCustodialMerchant();
    await m.deploy(); // attached without the hash: the deployment block is found on the first history read
    const oldRoute = (await m.attach()).body.data.wallet.route as Hex;
    await sandbox.mintTokens(oldRoute, sandbox.tokens.USDC, 5_000_000n);
    const toSelf = await call(app, "POST", "/v2/settlements/run", m.auth, { action: "settle", token: "USDC", to: m.account.address, amount: "1000000" });
    const settled = await send(m.wallet, toSelf.body.data);

    // The merchant replaces its wallet: the new wallet deploys its own route (the factory salts by owner).
    const next = privateKeyToAccount(generatePrivateKey());
    await sandbox.fund(next.address, parseEther("1"));
    const nextWallet = createWalletClient({ account: next, chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl) });
    const deployHash = await nextWallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" });
    const deployed = await publicClient().waitForTransactionReceipt({ hash: deployHash });
    const replace = async (account: typeof next, extra: Record<string, unknown> = {}) => {
      const { proof } = await prove(app, m.auth, chain, { address: account.address, sign: (message) => account.signMessage({ message }) });
      return call(app, "POST", "/wallet/networks/update-address", m.auth, { address: account.address, chain, type: "metamask", proof, ...extra });
    };
    const replaced = await replace(next, { deployHash });
    expect(replaced.status).toBe(200);
    const newRoute = replaced.body.data.wallet.route as Hex;
    expect(newRoute).not.toBe(oldRoute);
    expect(await getReceivingWallet(database.db, m.id, chain)).toEqual({ address: newRoute });

    const unsettled = (await call(app, "POST", "/v2/settlements/read-unsettled", m.auth, {})).body.data;
    expect(unsettled).toMatchObject({ route: newRoute, owner: next.address, balances: [{ symbol: "USDC", amount: "0" }, { symbol: "USDT", amount: "0" }] });
    expect(unsettled.earlierRoutes).toEqual([
      {
        route: oldRoute,
        chain,
        owner: m.account.address,
        settlementAddress: m.account.address,
        balances: [
          { symbol: "USDC", tokenAddress: sandbox.tokens.USDC, decimals: 6, amount: "4000000" },
          { symbol: "USDT", tokenAddress: sandbox.tokens.USDT, decimals: 6, amount: "0" },
        ],
      },
    ]);
    const history = (await call(app, "POST", "/v2/settlements/read-history", m.auth, {})).body.data;
    expect(history).toEqual([expect.objectContaining({ route: oldRoute, hash: settled.transactionHash, amount: "1000000" })]);

    // The new route's deployment block came from its receipt; the old one's was found once and kept.
    const [row] = await database.db.select({ block: merchantWallets.routeDeployBlock }).from(merchantWallets).where(eq(merchantWallets.userId, m.id));
    expect(row!.block).toBe(deployed.blockNumber);
    const [earlier] = await database.db.select().from(retiredRoutes).where(eq(retiredRoutes.userId, m.id));
    const oldDeploy = await publicClient().getContractEvents({ address: sandbox.routeFactory, abi: routeFactoryAbi, eventName: "RouteDeployed", args: { owner: m.account.address }, fromBlock: 0n });
    expect(earlier).toMatchObject({ routeAddress: oldRoute, ownerAddress: m.account.address, deployBlock: oldDeploy[0]!.blockNumber });

    // The old wallet settles what is left in the old route; a call for the current route is the new wallet's.
    const rest = await call(app, "POST", "/v2/settlements/run", m.auth, { action: "settle", route: oldRoute.toLowerCase(), token: "USDC", to: m.account.address, amount: "4000000" });
    expect(rest.body.data).toMatchObject({ chain, from: m.account.address, to: oldRoute });
    expect((await send(m.wallet, rest.body.data)).status).toBe("success");
    const current = await call(app, "POST", "/v2/settlements/run", m.auth, { action: "addWhitelist", address: m.account.address });
    expect(current.body.data).toMatchObject({ from: next.address, to: newRoute });
    const after = (await call(app, "POST", "/v2/settlements/read-unsettled", m.auth, {})).body.data;
    expect(after.earlierRoutes[0].balances[0]).toMatchObject({ symbol: "USDC", amount: "0" });
    expect((await call(app, "POST", "/v2/settlements/read-history", m.auth, {})).body.data.map((s: { route: string }) => s.route)).toEqual([oldRoute, oldRoute]);

    // Another merchant's route is not this merchant's to call.
    const other = await nonCustodialMerchant();
    await other.deploy();
    const othersRoute = (await other.attach()).body.data.wallet.route as string;
    const refused = await call(app, "POST", "/v2/settlements/run", m.auth, { action: "settle", route: othersRoute, token: "USDC", to: m.account.address, amount: "1" });
    expect(refused).toMatchObject({ status: 404, body: { code: "route_not_found" } });

    // Back to the first wallet: its route is current again, and the second one is the earlier route.
    expect((await replace(m.account)).status).toBe(200);
    const back = (await call(app, "POST", "/v2/settlements/read-unsettled", m.auth, {})).body.data;
    expect(back).toMatchObject({ route: oldRoute, owner: m.account.address });
    expect(back.earlierRoutes.map((r: { route: string; owner: string }) => [r.route, r.owner])).toEqual([[newRoute, next.address]]);
  });

  it("run builds the call from the route's owner as the contract says: ownership moved on chain is followed, a renounced route is refused", async () => {
    const m = await nonCustodialMerchant();
    await m.deploy();
    const route = (await m.attach()).body.data.wallet.route as Hex;
    await sandbox.mintTokens(route, sandbox.tokens.USDC, 3_000_000n);
    const { encodeFunctionData } = await import("viem");
    const { routeAbi } = await import("../../chains/evm/route-abi");
    const treasury = privateKeyToAccount(generatePrivateKey());
    await sandbox.fund(treasury.address, parseEther("1"));
    const moved = await send(m.wallet, { to: route, data: encodeFunctionData({ abi: routeAbi, functionName: "transferOwnership", args: [treasury.address] }) });
    expect(moved.status).toBe("success");

    const settle = await call(app, "POST", "/v2/settlements/run", m.auth, { action: "settle", token: "USDC", to: m.account.address, amount: "1000000" });
    expect(settle.body.data).toMatchObject({ from: treasury.address, to: route }); // not the merchant's wallet, which the contract now refuses
    expect((await send(m.wallet, settle.body.data)).status).toBe("reverted");
    const treasuryWallet = createWalletClient({ account: treasury, chain: localEvmChain(sandbox.chainId, sandbox.rpcUrl), transport: http(sandbox.rpcUrl) });
    expect((await send(treasuryWallet, settle.body.data)).status).toBe("success");
    const whitelist = await call(app, "POST", "/v2/settlements/run", m.auth, { action: "addWhitelist", address: treasury.address });
    expect(whitelist.body.data).toMatchObject({ from: treasury.address });

    const renounced = await send(treasuryWallet, { to: route, data: encodeFunctionData({ abi: routeAbi, functionName: "renounceOwnership" }) });
    expect(renounced.status).toBe("success");
    for (const body of [{ action: "settle", token: "USDC", to: m.account.address, amount: "1" }, { action: "addWhitelist", address: treasury.address }]) {
      expect(await call(app, "POST", "/v2/settlements/run", m.auth, body)).toMatchObject({ status: 409, body: { code: "route_without_owner", message: SETTLEMENT_MESSAGES.noOwner } });
    }
  });

  it("refuses bad input and anonymous callers", async () => {
    const m = await nonCustodialMerchant();
    await m.deploy();
    await m.attach();
    const run = (body: unknown) => call(app, "POST", "/v2/settlements/run", m.auth, body);
    for (const body of [
      { action: "settle", token: "USDC", to: m.account.address, amount: "0" },
      { action: "settle", token: "USDC", to: m.account.address, amount: "-1" },
      { action: "settle", token: "USDC", to: m.account.address, amount: "1.5" },
      { action: "settle", token: "USDC", to: "not an address", amount: "1" },
      { action: "drain", address: m.account.address },
      { action: "addWhitelist", address: "0x1234" },
      {},
    ]) {
      expect((await run(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await run({ action: "settle", token: "DAI", to: m.account.address, amount: "1" })).toMatchObject({ status: 400, body: { code: "unsupported_token" } });
    for (const path of ["/v2/settlements/read-unsettled", "/v2/settlements/read-history", "/v2/settlements/run", "/sandbox/non-custodial"]) {
      expect((await call(app, "POST", path, {}, {})).status, path).toBe(401);
    }
  });
});
