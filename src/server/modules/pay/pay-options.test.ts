import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import { createApp, createPaymentsApp } from "../../app";
import type { ChainRuntime } from "../../chains/runtime";
import type { Database } from "../../db/client";
import { merchantWallets } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { callJson } from "../../testing/pay-fixture";
import { call, evmWallet, prove, solanaWallet, walletTestChains } from "../wallets/test-kit";
import { MERCHANT_CANNOT_RECEIVE } from "./start";

const POLYGON = 137;

/** The wallet tests' instance (Solana devnet, Local EVM A, Polygon), its EVM chains with a fee proxy so the pay page offers them. */
function payableChains(): ChainRuntime {
  const chains = walletTestChains();
  return { ...chains, evm: chains.evm.map((e) => ({ ...e, feeProxy: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0" as const })) };
}

/**
 * Issue 26: `GET /api/pay/{id}` offers only the chains the merchant receives on, by the very rule
 * the pay start applies (no chain offered whose start answers 409), and one merchant's wallets
 * never widen another's options.
 */
describe.each(TEST_BACKENDS)("the pay page's options follow the merchant's wallets (%s)", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAY_START_RATE_LIMIT: "1000" }, payableChains());
    app = createApp(deps);
    payments = createPaymentsApp(deps);
  });
  afterAll(() => database.close());

  type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
  const merchant = () => signInMerchant(app);
  const attachSolana = async (m: Merchant) => {
    const sol = solanaWallet();
    const { proof } = await prove(app, m.auth, SOLANA_DEVNET, sol);
    expect((await call(app, "POST", "/wallet/networks", m.auth, { address: sol.address, chain: SOLANA_DEVNET, type: "solana", walletName: "Phantom", proof })).status).toBe(201);
  };
  const attachEvm = async (m: Merchant, chains: number[]) => {
    const res = await call(app, "POST", "/wallet/networks", m.auth, { address: evmWallet().address, chain: chains[0], chains });
    expect(res.status).toBe(201);
  };
  const linkOf = async (m: Merchant) => {
    const created = await callJson(app, "POST", "/api/quick-pays/create", { label: "Tea", price: "4", currency: "USDC" }, m.auth);
    expect(created.status).toBe(201);
    return created.body.data.info.hashedId as string;
  };
  const offered = async (id: string) => {
    const res = await callJson(payments, "GET", `/api/pay/${id}`);
    expect(res.status).toBe(200);
    return (res.body.data.options as { chainId: number; tokens: { symbol: string }[] }[]).map((o) => `${o.chainId}:${o.tokens.map((t) => t.symbol).join("+")}`);
  };
  /** The start's answer on `chainId`: 409 is the merchant who cannot receive there. */
  const startOn = (id: string, chainId: number) =>
    callJson(payments, "POST", `/api/pay/${id}/start`, { chainId, token: "USDC", payer: chainId === SOLANA_DEVNET ? solanaWallet().address : evmWallet().address, sessionId: `s-${chainId}-${id}` });
  const refusedAsUnreceivable = async (id: string, chainId: number) => {
    const res = await startOn(id, chainId);
    return res.status === 409 && res.body.message === MERCHANT_CANNOT_RECEIVE;
  };

  it("a Solana-only merchant is offered Solana only, and an EVM start there is the 409 the page no longer leads to", async () => {
    const m = await merchant();
    await attachSolana(m);
    const id = await linkOf(m);
    expect(await offered(id)).toEqual([`${SOLANA_DEVNET}:USDC+USDT`]);
    expect(await refusedAsUnreceivable(id, LOCAL_EVM_CHAIN_ID)).toBe(true);
    expect(await refusedAsUnreceivable(id, POLYGON)).toBe(true);
  });

  it("an EVM-only merchant is offered the EVM chains its address lists, nothing else", async () => {
    const m = await merchant();
    await attachEvm(m, [POLYGON]);
    const id = await linkOf(m);
    expect(await offered(id)).toEqual([`${POLYGON}:USDC`]);
    // The chains left out are exactly those the start refuses; the one offered is not refused for that.
    expect(await refusedAsUnreceivable(id, SOLANA_DEVNET)).toBe(true);
    expect(await refusedAsUnreceivable(id, LOCAL_EVM_CHAIN_ID)).toBe(true);
    expect(await refusedAsUnreceivable(id, POLYGON)).toBe(false);

    const every = await merchant();
    await attachEvm(every, [LOCAL_EVM_CHAIN_ID, POLYGON]);
    expect(await offered(await linkOf(every))).toEqual([`${LOCAL_EVM_CHAIN_ID}:USDC+USDT`, `${POLYGON}:USDC`]);
  });

  it("a merchant with both families is offered both, Solana first", async () => {
    const m = await merchant();
    await attachEvm(m, [LOCAL_EVM_CHAIN_ID]);
    await attachSolana(m);
    expect(await offered(await linkOf(m))).toEqual([`${SOLANA_DEVNET}:USDC+USDT`, `${LOCAL_EVM_CHAIN_ID}:USDC+USDT`]);
  });

  it("a second merchant's wallets never show in the first's options (nor the first's in the second's)", async () => {
    const solanaOnly = await merchant();
    const evmOnly = await merchant();
    await attachSolana(solanaOnly);
    await attachEvm(evmOnly, [LOCAL_EVM_CHAIN_ID, POLYGON]);
    const [first, second] = [await linkOf(solanaOnly), await linkOf(evmOnly)];
    expect(await offered(first)).toEqual([`${SOLANA_DEVNET}:USDC+USDT`]);
    expect(await offered(second)).toEqual([`${LOCAL_EVM_CHAIN_ID}:USDC+USDT`, `${POLYGON}:USDC`]);
    expect(await refusedAsUnreceivable(first, POLYGON)).toBe(true);
  });

  it("a wallet no longer valid stops counting; a merchant who receives nowhere keeps every option (the start explains), as before", async () => {
    const m = await merchant();
    await attachSolana(m);
    await attachEvm(m, [POLYGON]);
    const id = await linkOf(m);
    await database.db.update(merchantWallets).set({ valid: false }).where(eq(merchantWallets.family, "evm"));
    expect(await offered(id)).toEqual([`${SOLANA_DEVNET}:USDC+USDT`]);

    const walletless = await merchant();
    const theirs = await linkOf(walletless);
    const every = [`${SOLANA_DEVNET}:USDC+USDT`, `${LOCAL_EVM_CHAIN_ID}:USDC+USDT`, `${POLYGON}:USDC`];
    expect(await offered(theirs)).toEqual(every);
    expect(await refusedAsUnreceivable(theirs, POLYGON)).toBe(true);
    await database.db.update(merchantWallets).set({ valid: false }).where(eq(merchantWallets.userId, m.id));
    expect(await offered(id)).toEqual(every);
  });

  it("bad input: an unknown or malformed id is a 404 that names no merchant's options", async () => {
    for (const bad of ["unknown", "x".repeat(80), "%00"]) {
      const res = await callJson(payments, "GET", `/api/pay/${bad}`);
      expect([400, 404], bad).toContain(res.status);
      expect(res.body?.data?.options).toBeUndefined();
    }
  });
});
