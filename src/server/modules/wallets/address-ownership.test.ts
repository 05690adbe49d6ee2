import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { merchantWallets, retiredRoutes } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import { ADDRESS_HELD_ELSEWHERE } from "@/lib/wallet-messages";
import { getReceivingWallet } from "./service";
import { call, evmWallet, prove, solanaWallet, walletTestChains, type ProvingWallet } from "./test-kit";

/**
 * A receiving address belongs to one merchant unless each proves it: typing in another
 * merchant's public address (which anyone can read on chain) is refused, so it cannot be used to
 * collect that merchant's unreferenced inflows. Proving it by signing is let through.
 */
describe.each(TEST_BACKENDS)("one merchant per receiving address on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }, walletTestChains()));
  });
  afterAll(() => database.close());

  const attach = (auth: Record<string, string>, body: unknown) => call(app, "POST", "/wallet/networks", auth, body);
  const change = (auth: Record<string, string>, body: unknown) => call(app, "POST", "/wallet/networks/update-address", auth, body);
  const families: [string, number, () => ProvingWallet, string][] = [
    ["EVM", LOCAL_EVM_CHAIN_ID, evmWallet, "metamask"],
    ["Solana", SOLANA_DEVNET, solanaWallet, "solana"],
  ];
  const refusal = { code: "address_held_elsewhere", message: ADDRESS_HELD_ELSEWHERE };

  it.each(families)("%s: merchant B typing merchant A's address is refused, on attach and on change of address", async (_label, chain, newWallet) => {
    const [a, b] = [await signInMerchant(app), await signInMerchant(app)];
    const owned = newWallet();
    expect((await attach(a.auth, { address: owned.address, chain, type: "manual", version: 1 })).status).toBe(201);

    // EVM addresses are one address whatever the letter case.
    const typed = chain === LOCAL_EVM_CHAIN_ID ? owned.address.toLowerCase() : owned.address;
    const res = await attach(b.auth, { address: typed, chain, type: "manual", version: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject(refusal);
    expect(await getReceivingWallet(database.db, b.id, chain)).toBeUndefined();

    // Nor by changing an address B holds to A's.
    expect((await attach(b.auth, { address: newWallet().address, chain, type: "manual", version: 1 })).status).toBe(201);
    const changed = await change(b.auth, { address: typed, chain, type: "manual", version: 1 });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject(refusal);
    expect((await getReceivingWallet(database.db, b.id, chain))?.address).not.toBe(owned.address);
    // A keeps it, and may re-enter it (its own address is not "another merchant's").
    expect((await change(a.auth, { address: owned.address, chain, type: "manual", version: 1 })).status).toBe(200);
    expect(await getReceivingWallet(database.db, a.id, chain)).toEqual({ address: owned.address });
  });

  it.each(families)("%s: a merchant who proves a shared address by signing attaches it, recorded as proved", async (_label, chain, newWallet, type) => {
    const [a, b] = [await signInMerchant(app), await signInMerchant(app)];
    const shared = newWallet();
    // A typed it in (unproved); B holds its key and signs.
    expect((await attach(a.auth, { address: shared.address, chain, type: "manual", version: 1 })).status).toBe(201);
    const { proof } = await prove(app, b.auth, chain, shared);
    const res = await attach(b.auth, { address: shared.address, chain, type, proof, version: 1 });
    expect(res.status).toBe(201);
    expect(res.body.data.wallet).toMatchObject({ address: shared.address, proven: true });
    const rows = await database.db.select().from(merchantWallets).where(eq(merchantWallets.address, shared.address));
    expect(rows.map((r) => [r.userId, r.provenAt !== null]).sort()).toEqual([[a.id, false], [b.id, true]].sort());
  });

  it("a merchant who already has a wallet for the family hears already-attached first; the refusal names no other merchant", async () => {
    const [a, b] = [await signInMerchant(app), await signInMerchant(app)];
    const [mine, theirs] = [solanaWallet(), solanaWallet()];
    expect((await attach(a.auth, { address: mine.address, type: "manual", version: 1 })).status).toBe(201);
    expect((await attach(b.auth, { address: theirs.address, type: "manual", version: 1 })).status).toBe(201);
    const res = await attach(b.auth, { address: mine.address, type: "manual", version: 1 });
    // b already has a Solana wallet: that is said first (changing it is another route).
    expect(res.body.code).toBe("already-attached");
    expect(JSON.stringify(res.body)).not.toContain(a.id);
  });

  it("a non-custodial merchant's route contract (current or retired) is held by its merchant: typing it in is refused", async () => {
    const [a, b, c] = [await signInMerchant(app), await signInMerchant(app), await signInMerchant(app)];
    const owner = evmWallet();
    const [route, oldRoute] = [evmWallet().address, evmWallet().address];
    await database.db.insert(merchantWallets).values({
      userId: a.id,
      chainId: LOCAL_EVM_CHAIN_ID,
      family: "evm",
      chains: [LOCAL_EVM_CHAIN_ID],
      address: owner.address,
      type: "metamask",
      provenAt: new Date(),
      routeAddress: route,
      deployedAt: new Date(),
    });
    await database.db.insert(retiredRoutes).values({ userId: a.id, chainId: LOCAL_EVM_CHAIN_ID, routeAddress: oldRoute, ownerAddress: evmWallet().address, verifiedAt: new Date(), retiredAt: new Date() });
    const byRoute = await attach(b.auth, { address: route.toLowerCase(), chain: LOCAL_EVM_CHAIN_ID, type: "manual", version: 1 });
    expect(byRoute.status).toBe(409);
    expect(byRoute.body).toMatchObject(refusal);
    const byOld = await attach(c.auth, { address: oldRoute, chain: LOCAL_EVM_CHAIN_ID, type: "manual", version: 1 });
    expect(byOld.body).toMatchObject(refusal);
  });

  it("two merchants typing one new address at once: one gets it, the other is refused", async () => {
    const [a, b] = [await signInMerchant(app), await signInMerchant(app)];
    const address = evmWallet().address;
    const results = await Promise.all([a, b].map((m) => attach(m.auth, { address, chain: LOCAL_EVM_CHAIN_ID, type: "manual", version: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await database.db.select().from(merchantWallets).where(eq(merchantWallets.address, address))).toHaveLength(1);
  });
});
