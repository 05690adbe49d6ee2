import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { newSolanaKey } from "../../testing/solana-keys";
import { SOLANA_DEVNET, SOLANA_MAINNET } from "@/lib/chains";
import { getReceivingWallet } from "./service";

describe.each(TEST_BACKENDS)("receiving wallets on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
  });
  afterAll(() => database.close());

  const list = (headers: Record<string, string> = {}) => app.request("/api/wallet/networks", { headers });
  const attach = (body: unknown, headers: Record<string, string> = {}) =>
    app.request("/api/wallet/networks", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  it("starts with no wallet, attaches a Solana address on the sandbox chain and lists it", async () => {
    const m = await signInMerchant(app);
    const empty = await (await list(m.auth)).json();
    expect(empty).toEqual({ data: { chain: SOLANA_DEVNET, wallets: [] } });
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toBeUndefined();

    const address = newSolanaKey().address;
    const res = await attach({ address: `  ${address} `, type: "manual", version: 1 }, m.auth);
    expect(res.status).toBe(201);
    const { wallet } = (await res.json()).data;
    expect(wallet).toMatchObject({ chain: SOLANA_DEVNET, chainName: "Solana Devnet", address, type: "manual", valid: true });
    expect(Object.keys(wallet).sort()).toEqual(["_id", "address", "chain", "chainName", "createdAt", "type", "valid"]);

    const listed = (await (await list(m.auth)).json()).data.wallets;
    expect(listed).toEqual([wallet]);
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toEqual({ address });
    expect(await getReceivingWallet(database.db, m.id, SOLANA_MAINNET)).toBeUndefined();
  });

  it("refuses a second wallet on the same chain with already-attached", async () => {
    const m = await signInMerchant(app);
    expect((await attach({ address: newSolanaKey().address }, m.auth)).status).toBe(201);
    const res = await attach({ address: newSolanaKey().address }, m.auth);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "already-attached", message: "A receiving wallet is already attached on Solana Devnet." });
  });

  it.each([
    ["", "Wallet Address required"],
    ["   ", "Wallet Address required"],
    ["0x52908400098527886E0F7030069857D2E4169EE7", "Invalid wallet address. Please double-check and try again."],
    ["9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFi0", "Invalid wallet address. Please double-check and try again."],
    ["z".repeat(44), "Invalid wallet address. Please double-check and try again."],
  ])("refuses the address %j with the SPEC message", async (address, message) => {
    const m = await signInMerchant(app);
    const res = await attach({ address }, m.auth);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "invalid_wallet_address", message, issues: [{ path: "address", message }] });
    expect((await (await list(m.auth)).json()).data.wallets).toEqual([]);
  });

  it("refuses a chain this instance does not receive on, and a malformed body", async () => {
    const m = await signInMerchant(app);
    const res = await attach({ address: newSolanaKey().address, chain: SOLANA_MAINNET }, m.auth);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("unsupported_chain");
    expect((await attach({ chain: SOLANA_DEVNET }, m.auth)).status).toBe(400);
    expect((await attach({ address: newSolanaKey().address, type: "metamask" }, m.auth)).status).toBe(400);
  });

  it("keeps merchants apart: one merchant never sees another's wallet", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const address = newSolanaKey().address;
    await attach({ address }, a.auth);
    expect((await (await list(b.auth)).json()).data.wallets).toEqual([]);
    expect(await getReceivingWallet(database.db, b.id, SOLANA_DEVNET)).toBeUndefined();
    // b attaching its own wallet does not touch a's.
    const own = newSolanaKey().address;
    expect((await attach({ address: own }, b.auth)).status).toBe(201);
    expect(await getReceivingWallet(database.db, a.id, SOLANA_DEVNET)).toEqual({ address });
    expect(await getReceivingWallet(database.db, b.id, SOLANA_DEVNET)).toEqual({ address: own });
  });

  it("needs a session and accepted terms", async () => {
    expect((await list()).status).toBe(401);
    expect((await attach({ address: newSolanaKey().address })).status).toBe(401);
    expect((await list({ authorization: "Bearer nope" })).status).toBe(401);
    const noTerms = await signInMerchant(app, { acceptTerms: false });
    const res = await attach({ address: newSolanaKey().address }, noTerms.auth);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("terms_not_accepted");
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
      const res = await app.request("/api/wallet/networks", {
        method: "POST",
        headers: { "content-type": "application/json", ...m.auth },
        body: JSON.stringify({ address: newSolanaKey().address }),
      });
      expect(res.status).toBe(201);
      expect((await res.json()).data.wallet.chain).toBe(SOLANA_MAINNET);
    } finally {
      await database.close();
    }
  });
});
