import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { merchantWallets } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { newSolanaKey } from "../../testing/solana-keys";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET, SOLANA_MAINNET } from "@/lib/chains";
import { getReceivingWallet } from "./service";
import { call, evmWallet, walletTestChains } from "./test-kit";

const INVALID = "Invalid wallet address. Please double-check and try again.";
const REQUIRED = "Wallet Address required";
const EVM_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

describe.each(TEST_BACKENDS)("receiving wallets on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }, walletTestChains()));
  });
  afterAll(() => database.close());

  const list = (auth: Record<string, string>) => call(app, "GET", "/wallet/networks", auth);
  const attach = (auth: Record<string, string>, body: unknown) => call(app, "POST", "/wallet/networks", auth, body);

  it("starts with no wallet, attaches a Solana address by default on the instance's Solana chain and lists it", async () => {
    const m = await signInMerchant(app);
    expect((await list(m.auth)).body).toEqual({ data: { chain: SOLANA_DEVNET, chains: [SOLANA_DEVNET, LOCAL_EVM_CHAIN_ID, 137], wallets: [] } });
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toBeUndefined();

    const address = newSolanaKey().address;
    const res = await attach(m.auth, { address: `  ${address} `, type: "manual", version: 1 });
    expect(res.status).toBe(201);
    const { wallet } = res.body.data;
    expect(wallet).toMatchObject({
      chain: SOLANA_DEVNET,
      chainName: "Solana Devnet",
      family: "solana",
      chains: [SOLANA_DEVNET],
      address,
      type: "manual",
      walletName: null,
      chainSwitchPossible: false,
      proven: false,
      valid: true,
    });
    expect(Object.keys(wallet).sort()).toEqual(
      ["_id", "address", "chain", "chainName", "chainSwitchPossible", "chains", "createdAt", "family", "proven", "type", "updatedAt", "valid", "walletName"].sort(),
    );
    expect((await list(m.auth)).body.data.wallets).toEqual([wallet]);
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toEqual({ address });
    expect(await getReceivingWallet(database.db, m.id, SOLANA_MAINNET)).toBeUndefined();
    expect(await getReceivingWallet(database.db, m.id, LOCAL_EVM_CHAIN_ID)).toBeUndefined();
  });

  it("an EVM address serves every EVM chain offered, stored in its checksum form, unless the merchant picks some", async () => {
    const m = await signInMerchant(app);
    const evmAddress = evmWallet().address; // fresh: an address belongs to one merchant
    const res = await attach(m.auth, { address: evmAddress.toLowerCase(), chain: LOCAL_EVM_CHAIN_ID, type: "manual" });
    expect(res.status).toBe(201);
    expect(res.body.data.wallet).toMatchObject({ family: "evm", chain: LOCAL_EVM_CHAIN_ID, chains: [LOCAL_EVM_CHAIN_ID, 137], address: evmAddress, chainSwitchPossible: true });
    for (const chain of [LOCAL_EVM_CHAIN_ID, 137]) expect(await getReceivingWallet(database.db, m.id, chain)).toEqual({ address: evmAddress });
    expect(await getReceivingWallet(database.db, m.id, 1)).toBeUndefined(); // not run by this instance
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toBeUndefined();

    const picky = await signInMerchant(app);
    const pickyAddress = evmWallet().address;
    const only = await attach(picky.auth, { address: pickyAddress, chain: 137, chains: [137, 137] });
    expect(only.status).toBe(201);
    expect(only.body.data.wallet.chains).toEqual([137]);
    expect(await getReceivingWallet(database.db, picky.id, LOCAL_EVM_CHAIN_ID)).toBeUndefined();
    expect(await getReceivingWallet(database.db, picky.id, 137)).toEqual({ address: pickyAddress });
  });

  it.each([
    ["an EVM chain that is not this attach's", { chain: 137, chains: [LOCAL_EVM_CHAIN_ID] }],
    ["a chain the instance does not run", { chain: 137, chains: [137, 1] }],
    ["a Solana chain", { chain: 137, chains: [137, SOLANA_DEVNET] }],
    ["no chain at all", { chain: 137, chains: [] }],
  ])("refuses enabled chains naming %s", async (_label, body) => {
    const m = await signInMerchant(app);
    const res = await attach(m.auth, { address: EVM_ADDRESS, ...body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_chains");
    expect((await list(m.auth)).body.data.wallets).toEqual([]);
  });

  it("a Solana address receives on its one chain only", async () => {
    const m = await signInMerchant(app);
    const res = await attach(m.auth, { address: newSolanaKey().address, chains: [SOLANA_DEVNET, LOCAL_EVM_CHAIN_ID] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_chains");
  });

  it("one wallet per family: a second answers already-attached with an HTML message, and changes nothing", async () => {
    const m = await signInMerchant(app);
    const evmAddress = evmWallet().address;
    const first = newSolanaKey().address;
    expect((await attach(m.auth, { address: first })).status).toBe(201);
    const res = await attach(m.auth, { address: newSolanaKey().address });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: "already-attached",
      message: "A receiving wallet is already attached for <b>Solana Devnet</b>. To receive at another address, use <b>Change address</b> in Settings › Deposits.",
    });
    // A Solana wallet does not stand in the way of an EVM one.
    expect((await attach(m.auth, { address: evmAddress, chain: 137 })).status).toBe(201);
    const again = await attach(m.auth, { address: evmWallet().address, chain: LOCAL_EVM_CHAIN_ID });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^A receiving wallet is already attached for <b>EVM networks<\/b>/);
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toEqual({ address: first });
    expect(await getReceivingWallet(database.db, m.id, LOCAL_EVM_CHAIN_ID)).toEqual({ address: evmAddress });
  });

  it.each([
    [SOLANA_DEVNET, "", REQUIRED],
    [SOLANA_DEVNET, "   ", REQUIRED],
    [SOLANA_DEVNET, EVM_ADDRESS, INVALID],
    [SOLANA_DEVNET, "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFi0", INVALID], // 0 is not base58
    [SOLANA_DEVNET, "z".repeat(44), INVALID], // base58 but not 32 bytes
    [SOLANA_DEVNET, "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbr", INVALID], // 32 characters, too few bytes
    [LOCAL_EVM_CHAIN_ID, "", REQUIRED],
    [LOCAL_EVM_CHAIN_ID, "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", INVALID],
    [LOCAL_EVM_CHAIN_ID, EVM_ADDRESS.slice(0, -1), INVALID],
    [137, `${EVM_ADDRESS}0`, INVALID],
    [137, EVM_ADDRESS.replace("0x", "0X"), INVALID],
    [137, `0x${"g".repeat(40)}`, INVALID],
  ])("on chain %i refuses the address %j with the SPEC message", async (chain, address, message) => {
    const m = await signInMerchant(app);
    const res = await attach(m.auth, { address, chain });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: "invalid_wallet_address", message, issues: [{ path: "address", message }] });
    expect((await list(m.auth)).body.data.wallets).toEqual([]);
  });

  it("refuses a chain this instance does not run, a connector that does not fit the chain, and malformed bodies", async () => {
    const m = await signInMerchant(app);
    const mainnet = await attach(m.auth, { address: newSolanaKey().address, chain: SOLANA_MAINNET });
    expect(mainnet.status).toBe(400);
    expect(mainnet.body.code).toBe("unsupported_chain");
    expect(mainnet.body.message).toBe("This instance receives payments on Solana Devnet, Local EVM A, Polygon only.");
    expect((await attach(m.auth, { address: EVM_ADDRESS, chain: 1 })).body.code).toBe("unsupported_chain");
    const wrongType = await attach(m.auth, { address: newSolanaKey().address, type: "metamask", proof: { nonce: "x", signature: "y" } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe("wrong_wallet_type");
    expect((await attach(m.auth, { address: EVM_ADDRESS, chain: 137, type: "solana" })).body.code).toBe("wrong_wallet_type");
    for (const body of [{ chain: SOLANA_DEVNET }, { address: newSolanaKey().address, type: "ledger" }, { address: 42 }, { address: "x".repeat(300) }]) {
      const res = await attach(m.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await list(m.auth)).body.data.wallets).toEqual([]);
  });

  it("keeps merchants apart: one merchant never sees or uses another's wallets", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const address = newSolanaKey().address;
    await attach(a.auth, { address });
    await attach(a.auth, { address: evmWallet().address, chain: 137 });
    expect((await list(b.auth)).body.data.wallets).toEqual([]);
    expect((await call(app, "GET", "/wallet/networks/status", b.auth)).body.data.canReceive).toBe(false);
    expect((await call(app, "GET", "/wallet/tokens", b.auth)).body.data.tokens).toEqual([]);
    expect(await getReceivingWallet(database.db, b.id, SOLANA_DEVNET)).toBeUndefined();
    // b attaching its own wallet does not touch a's.
    const own = newSolanaKey().address;
    expect((await attach(b.auth, { address: own })).status).toBe(201);
    expect(await getReceivingWallet(database.db, a.id, SOLANA_DEVNET)).toEqual({ address });
    expect(await getReceivingWallet(database.db, b.id, SOLANA_DEVNET)).toEqual({ address: own });
    expect((await database.db.select().from(merchantWallets).where(eq(merchantWallets.userId, a.id))).length).toBe(2);
  });

  it("needs a session and accepted terms on every wallet route", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", "/wallet/networks"],
      ["GET", "/wallet/networks/status"],
      ["GET", "/wallet/tokens"],
      ["POST", "/wallet/networks", { address: newSolanaKey().address }],
      ["POST", "/wallet/networks/proof", { chain: SOLANA_DEVNET, address: newSolanaKey().address }],
      ["POST", "/wallet/networks/update-address", { address: newSolanaKey().address }],
    ];
    const noTerms = await signInMerchant(app, { acceptTerms: false });
    for (const [method, path, body] of routes) {
      expect((await call(app, method, path, {}, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(app, method, path, { authorization: "Bearer nope" }, body)).status, `${method} ${path}`).toBe(401);
      const refused = await call(app, method, path, noTerms.auth, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.code).toBe("terms_not_accepted");
    }
    expect((await list(noTerms.auth)).status).toBe(403);
  });
});

describe("receiving wallets in production mode", () => {
  it("receive on Solana mainnet", async () => {
    const database = await openTestDb("pglite");
    try {
      const deps = testDeps(database, {
        ZPAY_MODE: "production",
        DATABASE_URL: "postgres://unused",
        SOLANA_RPC_URL: "https://rpc.example",
        EVM_RPC_URLS: "1=https://eth.example",
      });
      const app = createApp(deps);
      const m = await signInMerchant(app);
      const res = await call(app, "POST", "/wallet/networks", m.auth, { address: newSolanaKey().address });
      expect(res.status).toBe(201);
      expect(res.body.data.wallet.chain).toBe(SOLANA_MAINNET);
    } finally {
      await database.close();
    }
  });
});
