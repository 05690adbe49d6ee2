import { expect, test, type APIRequestContext } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { buildSigninMessage, signinFields, signinInput, type SigninChallenge } from "../../src/lib/signin-message";

/**
 * The test wallet every later journey signs in with: found by the Wallet Standard handshake in
 * the page, it connects and signs, and the server accepts its signature.
 */
async function challengeFor(request: APIRequestContext, address: string): Promise<SigninChallenge> {
  const res = await request.post("/api/auth/nonce", { data: { publicKey: address } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: SigninChallenge }).data;
}

type Account = { address: string };
type StandardWallet = {
  name: string;
  features: {
    "standard:connect": { connect(): Promise<{ accounts: Account[] }> };
    "solana:signMessage": { signMessage(input: { account: Account; message: Uint8Array }): Promise<{ signature: Uint8Array }[]> };
    "solana:signIn"?: { signIn(input: object): Promise<{ account: Account; signedMessage: Uint8Array; signature: Uint8Array }[]> };
  };
};

test("the Solana test wallet signs a sign-in message the server accepts", async ({ page }) => {
  const wallet = createSolanaTestWallet();
  await wallet.install(page);
  await page.goto("/");

  const message = buildSigninMessage(signinFields(await challengeFor(page.request, wallet.address), wallet.address));
  const result = await page.evaluate(async (message) => {
    const wallets: StandardWallet[] = [];
    window.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: { register: (w: StandardWallet) => wallets.push(w) } }));
    const wallet = wallets[0];
    const { accounts } = await wallet.features["standard:connect"].connect();
    const [signed] = await wallet.features["solana:signMessage"].signMessage({
      account: accounts[0],
      message: new TextEncoder().encode(message),
    });
    const res = await fetch("/api/solana-signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ publicKey: accounts[0].address, signature: Array.from(signed.signature), message }),
    });
    return { name: wallet.name, address: accounts[0].address, status: res.status, body: await res.json() };
  }, message);

  expect(result.name).toBe("zPay Test Wallet");
  expect(result.address).toBe(wallet.address);
  expect(result.status).toBe(200);
  expect(result.body.data.user.publicKey).toBe(wallet.address);
  expect(wallet.requests).toEqual(["connect", "signMessage"]);
});

test("with solana:signIn the test wallet writes the Sign-In With Solana message itself, and the server accepts it", async ({ page }) => {
  const wallet = createSolanaTestWallet("zPay Sign-In Wallet", { signIn: true });
  await wallet.install(page);
  await page.goto("/");

  const input = signinInput(signinFields(await challengeFor(page.request, wallet.address), wallet.address));
  const result = await page.evaluate(async (input) => {
    const wallets: StandardWallet[] = [];
    window.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: { register: (w: StandardWallet) => wallets.push(w) } }));
    const [output] = await wallets[0].features["solana:signIn"]!.signIn(input);
    const res = await fetch("/api/solana-signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        publicKey: output.account.address,
        signature: Array.from(output.signature),
        message: new TextDecoder().decode(output.signedMessage),
      }),
    });
    return { status: res.status, body: await res.json() };
  }, input);

  expect(result.status).toBe(200);
  expect(result.body.data.user.publicKey).toBe(wallet.address);
  expect(wallet.requests).toEqual(["signIn"]);
});
