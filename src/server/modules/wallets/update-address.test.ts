import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { sessions, walletAddressChanges } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import { getReceivingWallet } from "./service";
import { call, evmWallet, prove, solanaWallet, walletTestChains } from "./test-kit";

/** Changing a receiving address: a fresh sign-in, the same checks as attaching, and an audit row. */
describe.each(TEST_BACKENDS)("changing a receiving address on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", FRESH_SIGN_IN_MINUTES: "10", TRUST_PROXY: "1" }, walletTestChains()));
  });
  afterAll(() => database.close());

  const update = (auth: Record<string, string>, body: unknown) => call(app, "POST", "/wallet/networks/update-address", auth, body);
  const audit = (userId: string) => database.db.select().from(walletAddressChanges).where(eq(walletAddressChanges.userId, userId));
  const ageSession = (userId: string, minutes: number) =>
    database.db.update(sessions).set({ createdAt: new Date(Date.now() - minutes * 60_000) }).where(eq(sessions.userId, userId));

  it("replaces the family's address, records who and when, and new payments go to the new address", async () => {
    const m = await signInMerchant(app);
    const old = solanaWallet().address;
    await call(app, "POST", "/wallet/networks", m.auth, { address: old });
    const next = solanaWallet();
    const { proof } = await prove(app, m.auth, SOLANA_DEVNET, next);
    const before = Date.now();
    const res = await app.request("/api/wallet/networks/update-address", {
      method: "POST",
      headers: { ...m.auth, "content-type": "application/json", "x-forwarded-for": "203.0.113.7" },
      body: JSON.stringify({ address: next.address, chain: SOLANA_DEVNET, type: "solana", walletName: "Phantom", proof }),
    });
    expect(res.status).toBe(200);
    const { wallet } = (await res.json()).data;
    expect(wallet).toMatchObject({ address: next.address, type: "solana", walletName: "Phantom", proven: true, chains: [SOLANA_DEVNET] });
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toEqual({ address: next.address });

    const [row, ...more] = await audit(m.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      walletId: wallet._id,
      family: "solana",
      oldAddress: old,
      newAddress: next.address,
      oldType: "manual",
      newType: "solana",
      signedInAs: m.key.address,
      clientAddress: "203.0.113.7",
    });
    expect(row!.changedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.signedInAt.getTime()).toBeLessThanOrEqual(row!.changedAt.getTime());
  });

  it("an EVM change keeps the enabled chains unless new ones are given, and each change adds a row", async () => {
    const m = await signInMerchant(app);
    await call(app, "POST", "/wallet/networks", m.auth, { address: evmWallet().address, chain: 137, chains: [137] });
    const first = evmWallet().address;
    const a = await update(m.auth, { address: first, chain: 137, chains: [137] });
    expect(a.body.data.wallet).toMatchObject({ address: first, chains: [137], type: "manual", proven: false });
    const second = evmWallet().address;
    const b = await update(m.auth, { address: second, chain: LOCAL_EVM_CHAIN_ID, chains: [LOCAL_EVM_CHAIN_ID, 137] });
    expect(b.body.data.wallet).toMatchObject({ address: second, chain: LOCAL_EVM_CHAIN_ID, chains: [LOCAL_EVM_CHAIN_ID, 137] });
    const rows = await audit(m.id);
    expect(rows.map((r) => r.newAddress).sort()).toEqual([first, second].sort());
    expect(rows.find((r) => r.newAddress === second)).toMatchObject({ oldAddress: first, family: "evm" });
  });

  it("is refused without a sign-in in the last FRESH_SIGN_IN_MINUTES, and changes nothing", async () => {
    const m = await signInMerchant(app);
    const old = solanaWallet().address;
    await call(app, "POST", "/wallet/networks", m.auth, { address: old });
    await ageSession(m.id, 11);
    const res = await update(m.auth, { address: solanaWallet().address });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("fresh_sign_in_required");
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toEqual({ address: old });
    expect(await audit(m.id)).toEqual([]);
    // Signing in again with the same wallet allows it.
    const again = await signInMerchant(app, { key: m.key });
    expect((await update(again.auth, { address: solanaWallet().address })).status).toBe(200);
  });

  it("answers 404 when the family has no wallet yet, and checks the new address like an attach", async () => {
    const m = await signInMerchant(app);
    const none = await update(m.auth, { address: solanaWallet().address });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: "wallet_not_found", message: "No receiving wallet is attached for Solana Devnet yet." });
    await call(app, "POST", "/wallet/networks", m.auth, { address: solanaWallet().address });
    const bad = await update(m.auth, { address: "0x52908400098527886E0F7030069857D2E4169EE7" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid wallet address. Please double-check and try again.");
    const unproven = await update(m.auth, { address: solanaWallet().address, type: "solana" });
    expect(unproven.status).toBe(422);
    expect(await audit(m.id)).toEqual([]);
  });

  it("a second merchant can neither see nor change the first one's wallet", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const aAddress = solanaWallet().address;
    await call(app, "POST", "/wallet/networks", a.auth, { address: aAddress });
    // b has no wallet of its own: its change finds nothing, whatever a holds.
    expect((await update(b.auth, { address: solanaWallet().address })).status).toBe(404);
    // b's own change touches b's wallet only.
    await call(app, "POST", "/wallet/networks", b.auth, { address: solanaWallet().address });
    const bNew = solanaWallet().address;
    expect((await update(b.auth, { address: bNew })).status).toBe(200);
    expect(await getReceivingWallet(database.db, a.id, SOLANA_DEVNET)).toEqual({ address: aAddress });
    expect(await getReceivingWallet(database.db, b.id, SOLANA_DEVNET)).toEqual({ address: bNew });
    expect(await audit(a.id)).toEqual([]);
    expect((await call(app, "GET", "/wallet/networks/status", b.auth)).body.data.wallets.map((w: { address: string }) => w.address)).toEqual([bNew]);
  });
});
