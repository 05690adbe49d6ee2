import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import type { ChainRuntime } from "../../chains/runtime";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import { call, evmWallet, prove, restrictMerchant, solanaWallet, walletTestChains } from "./test-kit";

/** What receives payments per chain, the tokens that follow, and SPEC §6 chain restrictions. */
describe.each(TEST_BACKENDS)("receiving status, tokens and restricted chains on %s", (kind) => {
  let database: Database;
  let chains: ChainRuntime;
  let app: ReturnType<typeof createApp>;
  /** The same instance with the operator's RESTRICTED_NETWORKS set. */
  let restricted: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    chains = walletTestChains();
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }, chains));
    restricted = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", RESTRICTED_NETWORKS: ` ${SOLANA_DEVNET}, 137 ` }, chains));
  });
  afterAll(() => database.close());

  const status = async (a: typeof app, auth: Record<string, string>) => (await call(a, "GET", "/wallet/networks/status", auth)).body.data;
  const tokens = async (a: typeof app, auth: Record<string, string>) =>
    ((await call(a, "GET", "/wallet/tokens", auth)).body.data.tokens as { chainId: number; symbol: string }[]).map((t) => `${t.chainId}:${t.symbol}`);

  it("without a wallet nothing receives; each attach turns its family's chains on", async () => {
    const m = await signInMerchant(app);
    expect(await status(app, m.auth)).toEqual({
      canReceive: false,
      chains: [
        { chain: SOLANA_DEVNET, chainName: "Solana Devnet", family: "solana", address: null, receiving: false },
        { chain: LOCAL_EVM_CHAIN_ID, chainName: "Local EVM A", family: "evm", address: null, receiving: false },
        { chain: 137, chainName: "Polygon", family: "evm", address: null, receiving: false },
      ],
      wallets: [],
    });
    expect(await tokens(app, m.auth)).toEqual([]);

    const evm = evmWallet();
    await call(app, "POST", "/wallet/networks", m.auth, { address: evm.address, chain: 137, chains: [137] });
    const afterEvm = await status(app, m.auth);
    expect(afterEvm.canReceive).toBe(true);
    expect(afterEvm.chains.map((c: { chain: number; address: string | null; receiving: boolean }) => [c.chain, c.address, c.receiving])).toEqual([
      [SOLANA_DEVNET, null, false],
      [LOCAL_EVM_CHAIN_ID, evm.address, false], // the EVM address exists but was not enabled here
      [137, evm.address, true],
    ]);
    expect(await tokens(app, m.auth)).toEqual(["137:USDC"]);

    const sol = solanaWallet();
    const { proof } = await prove(app, m.auth, SOLANA_DEVNET, sol);
    await call(app, "POST", "/wallet/networks", m.auth, { address: sol.address, chain: SOLANA_DEVNET, type: "solana", walletName: "Phantom", proof });
    const both = await status(app, m.auth);
    expect(both.chains[0]).toEqual({ chain: SOLANA_DEVNET, chainName: "Solana Devnet", family: "solana", address: sol.address, receiving: true });
    expect(both.wallets.map((w: { family: string }) => w.family)).toEqual(["evm", "solana"]);
    expect(await tokens(app, m.auth)).toEqual([`${SOLANA_DEVNET}:USDC`, `${SOLANA_DEVNET}:USDT`, "137:USDC"]);
  });

  it("the operator's RESTRICTED_NETWORKS limits the chains offered and accepted", async () => {
    const m = await signInMerchant(restricted);
    expect((await status(restricted, m.auth)).chains.map((c: { chain: number }) => c.chain)).toEqual([SOLANA_DEVNET, 137]);
    expect((await call(restricted, "GET", "/wallet/networks", m.auth)).body.data.chains).toEqual([SOLANA_DEVNET, 137]);
    const refused = await call(restricted, "POST", "/wallet/networks", m.auth, { address: evmWallet().address, chain: LOCAL_EVM_CHAIN_ID });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "chain_not_allowed", message: "This network is not available for your account." });
    const challenge = await call(restricted, "POST", "/wallet/networks/proof", m.auth, { chain: LOCAL_EVM_CHAIN_ID, address: evmWallet().address });
    expect(challenge.body.code).toBe("chain_not_allowed");
    // An EVM address attached on an allowed chain defaults to the allowed EVM chains only.
    const ok = await call(restricted, "POST", "/wallet/networks", m.auth, { address: evmWallet().address, chain: 137 });
    expect(ok.body.data.wallet.chains).toEqual([137]);
    expect((await call(restricted, "POST", "/wallet/networks/update-address", m.auth, { address: evmWallet().address, chain: 137, chains: [137, LOCAL_EVM_CHAIN_ID] })).body.code).toBe(
      "invalid_chains",
    );
    // The same merchant on an unrestricted instance is offered everything.
    expect((await status(app, m.auth)).chains).toHaveLength(3);
  });

  it("a merchant's own restrictUserToChains overrides the operator's list", async () => {
    const m = await signInMerchant(restricted);
    await restrictMerchant(database.db, m.id, [LOCAL_EVM_CHAIN_ID]);
    expect((await status(restricted, m.auth)).chains.map((c: { chain: number }) => c.chain)).toEqual([LOCAL_EVM_CHAIN_ID]);
    expect((await status(app, m.auth)).chains.map((c: { chain: number }) => c.chain)).toEqual([LOCAL_EVM_CHAIN_ID]);
    const solana = await call(restricted, "POST", "/wallet/networks", m.auth, { address: solanaWallet().address });
    expect(solana.status).toBe(400);
    expect(solana.body.code).toBe("chain_not_allowed");
    const evm = await call(restricted, "POST", "/wallet/networks", m.auth, { address: evmWallet().address, chain: LOCAL_EVM_CHAIN_ID });
    expect(evm.status).toBe(201);
    expect(evm.body.data.wallet.chains).toEqual([LOCAL_EVM_CHAIN_ID]);
    // Another merchant on the same instance keeps the operator's list.
    const other = await signInMerchant(restricted);
    expect((await status(restricted, other.auth)).chains.map((c: { chain: number }) => c.chain)).toEqual([SOLANA_DEVNET, 137]);
  });

  it("a wallet on a chain restricted away later no longer counts as receiving there", async () => {
    const m = await signInMerchant(app);
    await call(app, "POST", "/wallet/networks", m.auth, { address: solanaWallet().address });
    expect((await status(app, m.auth)).canReceive).toBe(true);
    await restrictMerchant(database.db, m.id, [137]);
    const after = await status(app, m.auth);
    expect(after.canReceive).toBe(false);
    expect(after.chains.map((c: { chain: number }) => c.chain)).toEqual([137]);
    expect(await tokens(app, m.auth)).toEqual([]);
  });
});
