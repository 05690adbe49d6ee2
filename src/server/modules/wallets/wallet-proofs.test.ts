import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { walletProofNonces } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "@/lib/chains";
import { PROOF_MESSAGES } from "@/lib/wallet-messages";
import { getReceivingWallet } from "./service";
import { call, evmWallet, prove, solanaWallet, walletTestChains, type ProvingWallet } from "./test-kit";

/**
 * A connected wallet is attached only with a signature of a server challenge that names the
 * merchant, the address, the chain and a single-use nonce.
 */
describe.each(TEST_BACKENDS)("proving a connected wallet on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", APP_ORIGIN: "https://merchant.zpay.test" }, walletTestChains()));
  });
  afterAll(() => database.close());

  const attach = (auth: Record<string, string>, body: unknown) => call(app, "POST", "/wallet/networks", auth, body);
  const families: [string, number, () => ProvingWallet, string][] = [
    ["EVM (personal_sign)", LOCAL_EVM_CHAIN_ID, evmWallet, "metamask"],
    ["Solana (signMessage)", SOLANA_DEVNET, solanaWallet, "solana"],
  ];

  it.each(families)("%s: the challenge names site, merchant, address, chain and nonce; the signed proof attaches it", async (_label, chain, newWallet, type) => {
    const m = await signInMerchant(app);
    const wallet = newWallet();
    const { challenge, proof } = await prove(app, m.auth, chain, wallet);
    expect(challenge.nonce).toMatch(/^[0-9a-f]{32}$/);
    const chainName = chain === SOLANA_DEVNET ? "Solana Devnet" : "Local EVM A";
    expect(challenge.message).toBe(
      [
        `merchant.zpay.test asks you to confirm that you own this wallet, so that payments to merchant ${m.id} on ${chainName} are sent to it.`,
        "This request will not trigger a blockchain transaction or cost any fees.",
        "",
        "URI: https://merchant.zpay.test",
        `Merchant: ${m.id}`,
        `Address: ${wallet.address}`,
        `Chain ID: ${chain}`,
        `Nonce: ${challenge.nonce}`,
        `Issued At: ${new Date(Date.parse(challenge.expiresAt) - 5 * 60_000).toISOString()}`,
        `Expiration Time: ${challenge.expiresAt}`,
      ].join("\n"),
    );
    const res = await attach(m.auth, { address: wallet.address, chain, type, walletName: "Rabby", proof, version: 1 });
    expect(res.status).toBe(201);
    expect(res.body.data.wallet).toMatchObject({ address: wallet.address, type, walletName: "Rabby", proven: true });
    expect(await getReceivingWallet(database.db, m.id, chain)).toEqual({ address: wallet.address });
    // The nonce is gone.
    expect(await database.db.select().from(walletProofNonces).where(eq(walletProofNonces.nonce, proof.nonce))).toEqual([]);
  });

  it.each(families)("%s: no proof, a signature by another key, or of another text is refused with 422", async (_label, chain, newWallet, type) => {
    const m = await signInMerchant(app);
    const wallet = newWallet();
    const missing = await attach(m.auth, { address: wallet.address, chain, type });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: "proof_required", message: PROOF_MESSAGES.required });

    const { challenge } = await prove(app, m.auth, chain, wallet);
    const impostor = newWallet();
    const byOther = await attach(m.auth, { address: wallet.address, chain, type, proof: { nonce: challenge.nonce, signature: await impostor.sign(challenge.message) } });
    expect(byOther.status).toBe(422);
    expect(byOther.body).toMatchObject({ code: "invalid_signature", message: PROOF_MESSAGES.badSignature });
    const otherText = await attach(m.auth, { address: wallet.address, chain, type, proof: { nonce: challenge.nonce, signature: await wallet.sign(`${challenge.message} `) } });
    expect(otherText.body.code).toBe("invalid_signature");
    const garbage = await attach(m.auth, { address: wallet.address, chain, type, proof: { nonce: challenge.nonce, signature: "0xnot-a-signature" } });
    expect(garbage.body.code).toBe("invalid_signature");
    expect(await getReceivingWallet(database.db, m.id, chain)).toBeUndefined();
    // A refused attempt does not use the nonce up: the real signature still works.
    const ok = await attach(m.auth, { address: wallet.address, chain, type, proof: { nonce: challenge.nonce, signature: await wallet.sign(challenge.message) } });
    expect(ok.status).toBe(201);
  });

  it("a proof made for one address does not attach another, even one the same merchant also holds", async () => {
    const m = await signInMerchant(app);
    const [proven, other] = [evmWallet(), evmWallet()];
    const { proof } = await prove(app, m.auth, LOCAL_EVM_CHAIN_ID, proven);
    const res = await attach(m.auth, { address: other.address, chain: LOCAL_EVM_CHAIN_ID, type: "metamask", proof });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "proof_mismatch", message: PROOF_MESSAGES.mismatch });
    // Nor a Solana challenge an EVM attach (another family).
    const sol = solanaWallet();
    const solProof = await prove(app, m.auth, SOLANA_DEVNET, sol);
    const cross = await attach(m.auth, { address: sol.address, chain: LOCAL_EVM_CHAIN_ID, type: "metamask", proof: solProof.proof });
    expect(cross.status).toBe(400); // a Solana address is not an EVM one, before any proof is looked at
  });

  it("an EVM proof signed on one EVM chain attaches on another (one address, every EVM chain)", async () => {
    const m = await signInMerchant(app);
    const wallet = evmWallet();
    const { proof } = await prove(app, m.auth, 137, wallet);
    const res = await attach(m.auth, { address: wallet.address.toLowerCase(), chain: LOCAL_EVM_CHAIN_ID, type: "coinbasewallet", proof });
    expect(res.status).toBe(201);
    expect(res.body.data.wallet).toMatchObject({ address: wallet.address, chains: [LOCAL_EVM_CHAIN_ID, 137], type: "coinbasewallet" });
  });

  it("an expired challenge is refused", async () => {
    const m = await signInMerchant(app);
    const wallet = solanaWallet();
    const { proof } = await prove(app, m.auth, SOLANA_DEVNET, wallet);
    await database.db.update(walletProofNonces).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(walletProofNonces.nonce, proof.nonce));
    const res = await attach(m.auth, { address: wallet.address, chain: SOLANA_DEVNET, type: "solana", proof });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "proof_expired", message: PROOF_MESSAGES.expired });
    expect(await getReceivingWallet(database.db, m.id, SOLANA_DEVNET)).toBeUndefined();
  });

  it("a used proof cannot be replayed, by the same merchant or by another one", async () => {
    const a = await signInMerchant(app);
    const wallet = evmWallet();
    const { proof } = await prove(app, a.auth, LOCAL_EVM_CHAIN_ID, wallet);
    const body = { address: wallet.address, chain: LOCAL_EVM_CHAIN_ID, type: "metamask", proof };
    expect((await attach(a.auth, body)).status).toBe(201);
    const replay = await call(app, "POST", "/wallet/networks/update-address", a.auth, body);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: "proof_nonce_used", message: PROOF_MESSAGES.used });

    const b = await signInMerchant(app);
    const { proof: bProof } = await prove(app, b.auth, LOCAL_EVM_CHAIN_ID, evmWallet());
    // b holds a's signature and nonce (say, captured), but the nonce was a's and is used up.
    expect((await attach(b.auth, body)).body.code).toBe("proof_nonce_used");
    // An unused nonce of b's is no use to a either.
    const stolen = await call(app, "POST", "/wallet/networks/update-address", a.auth, { ...body, proof: bProof });
    expect(stolen.body.code).toBe("proof_nonce_used");
    expect(await getReceivingWallet(database.db, b.id, LOCAL_EVM_CHAIN_ID)).toBeUndefined();
  });

  it("two requests racing with one proof: one wins, the other is refused", async () => {
    const m = await signInMerchant(app);
    await attach(m.auth, { address: solanaWallet().address });
    const wallet = solanaWallet();
    const { proof } = await prove(app, m.auth, SOLANA_DEVNET, wallet);
    const body = { address: wallet.address, chain: SOLANA_DEVNET, type: "solana", proof };
    const results = await Promise.all([1, 2].map(() => call(app, "POST", "/wallet/networks/update-address", m.auth, body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.code).toBe("proof_nonce_used");
  });

  it("refuses a challenge for a bad address or a chain the merchant may not use, and needs nothing more than a session", async () => {
    const m = await signInMerchant(app);
    const bad = await call(app, "POST", "/wallet/networks/proof", m.auth, { chain: LOCAL_EVM_CHAIN_ID, address: "0x123" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "invalid_wallet_address", message: "Invalid wallet address. Please double-check and try again." });
    expect((await call(app, "POST", "/wallet/networks/proof", m.auth, { chain: 1, address: evmWallet().address })).body.code).toBe("unsupported_chain");
    expect((await call(app, "POST", "/wallet/networks/proof", m.auth, { chain: "137", address: evmWallet().address })).status).toBe(400);
  });
});
