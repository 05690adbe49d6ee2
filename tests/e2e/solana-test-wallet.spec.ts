import { expect, test } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { buildSigninMessage } from "../../src/lib/signin-message";

/**
 * The test wallet every later journey signs in with: found by the Wallet Standard handshake in
 * the page, it connects and signs, and the server accepts its signature.
 */
test("the Solana test wallet signs a sign-in message the server accepts", async ({ page }) => {
  const wallet = createSolanaTestWallet();
  await wallet.install(page);
  await page.goto("/");

  const message = buildSigninMessage();
  const result = await page.evaluate(async (message) => {
    type Account = { address: string };
    type W = {
      name: string;
      features: {
        "standard:connect": { connect(): Promise<{ accounts: Account[] }> };
        "solana:signMessage": {
          signMessage(input: { account: Account; message: Uint8Array }): Promise<{ signature: Uint8Array }[]>;
        };
      };
    };
    const wallets: W[] = [];
    window.dispatchEvent(
      new CustomEvent("wallet-standard:app-ready", { detail: { register: (w: W) => wallets.push(w) } }),
    );
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
