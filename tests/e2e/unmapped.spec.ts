import { expect, test, type APIRequestContext } from "@playwright/test";
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { Connection, Keypair, PublicKey, Transaction } from "@solana/web3.js";
import type { PaymentTransactionInfo } from "../../src/lib/pay-api";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { E2E_PAYMENTS_PORT, SHOTS, toast } from "./pay-helpers";

const PAYMENTS = `http://localhost:${E2E_PAYMENTS_PORT}`;
const SANDBOX_CHAIN = -5001;

/**
 * A payer who sends the merchant tokens straight from their own wallet: a plain SPL transfer into the
 * merchant's token account, with no reference key and no memo, so no payment can claim it.
 */
async function sendWithoutReference(request: APIRequestContext, info: PaymentTransactionInfo): Promise<string> {
  const payer = Keypair.generate();
  const faucet = await request.post(`${PAYMENTS}/api/sandbox/faucet`, { data: { chain: SANDBOX_CHAIN, address: payer.publicKey.toBase58(), token: "USDC" } });
  expect(faucet.status(), await faucet.text()).toBe(200);
  const config = await (await request.get(`${PAYMENTS}/api/config`)).json();
  const { rpcUrl, wsUrl } = config.data.contractsMeta[String(SANDBOX_CHAIN)] as { rpcUrl: string; wsUrl?: string };
  const connection = new Connection(rpcUrl, { commitment: "confirmed", wsEndpoint: wsUrl });
  const mint = new PublicKey(info.tokenAddress);
  const merchant = new PublicKey(info.recipient);
  const destination = getAssociatedTokenAddressSync(mint, merchant, true);
  expect(destination.toBase58()).toBe(info.address);
  const source = getAssociatedTokenAddressSync(mint, payer.publicKey);
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(
    createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, destination, merchant, mint),
    createTransferCheckedInstruction(source, mint, destination, payer.publicKey, BigInt(info.amountWei), info.decimals),
  );
  tx.sign(payer);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  return signature;
}

test("a payer sends tokens without a reference; the merchant finds them on Unmapped and maps them to the payment, which is then paid", async ({ page }) => {
  test.setTimeout(150_000);
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: createSolanaTestWallet().address, chain: SANDBOX_CHAIN, type: "manual" } });
  expect(attached.status(), await attached.text()).toBe(201);

  // Unmapped is hidden until the merchant has the `mapped` permission (granted here the sandbox way).
  await expect(page.getByRole("navigation").getByRole("link", { name: "Unmapped" })).toHaveCount(0);
  const granted = await page.request.post("/api/sandbox/grant-mapped", { headers: auth });
  expect(granted.status(), await granted.text()).toBe(200);
  await page.goto("/unmapped");
  await expect(page).toHaveTitle("Unmapped - zPay");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Unmapped" })).toHaveAttribute("href", "/unmapped");
  await expect(page.getByRole("cell", { name: "Nothing unmapped: every transfer to your wallet paid a payment." })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/unmapped-empty.png` });

  // A zRequest of 2 USDC; its payer starts paying (the pay page's start call), then pays from their
  // wallet by hand, without the reference: no watcher can tell it paid this request.
  const created = await page.request.post("/api/collects/create", {
    headers: auth,
    data: { name: "Ada Payer", email: "ada-unmapped@payer.example", desc: "Consulting", price: "2", currency: "USDC", userCurrency: "USD" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId: string = (await created.json()).data.info.hashedId;
  const started = await page.request.post(`${PAYMENTS}/api/pay/${orderId}/start`, {
    data: { chainId: SANDBOX_CHAIN, token: "USDC", payer: Keypair.generate().publicKey.toBase58(), sessionId: `unmapped-${orderId}` },
  });
  expect(started.status(), await started.text()).toBe(200);
  const info: PaymentTransactionInfo = (await started.json()).data;
  const hash = await sendWithoutReference(page.request, info);

  // The receiving-account scan records it: it appears on Unmapped (the list is read on load).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "USDC" })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const row = page.getByRole("row").filter({ hasText: "USDC" });
  await expect(row).toContainText("2");
  await expect(row.getByRole("link", { name: new RegExp(hash) })).toHaveAttribute("href", `${PAYMENTS}/tx/${SANDBOX_CHAIN}/${hash}`);
  await page.screenshot({ path: `${SHOTS}/unmapped-listed.png` });

  // Map → the dialog offers the open zRequest payment → Map: credited, validated, details shown.
  await row.getByRole("button", { name: /^Map 2 USDC from/ }).click();
  const dialog = page.getByRole("dialog", { name: "Map to a payment" });
  await dialog.getByRole("radio", { name: /zRequest · 2 USDC/ }).check();
  await page.screenshot({ path: `${SHOTS}/unmapped-map-dialog.png` });
  await dialog.getByRole("button", { name: "Map", exact: true }).click();
  await expect(toast(page, "Mapped to the payment")).toBeVisible();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toContainText(hash.slice(0, 8));
  await expect(details.getByText("Completed")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/unmapped-mapped-details.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("cell", { name: "Nothing unmapped: every transfer to your wallet paid a payment." })).toBeVisible();

  // The zRequest now reads Completed with the transfer's details, and mapping again is refused.
  await page.goto("/collects");
  const request = page.getByRole("row").filter({ hasText: orderId });
  await expect(request.getByText("Completed")).toBeVisible({ timeout: 15_000 });
  await request.getByRole("button", { name: `Details of ${orderId}` }).click();
  const collectDetails = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(collectDetails).toContainText(hash.slice(0, 8));
  for (const stage of ["Initiated", "Paid", "Validated"]) await expect(collectDetails.getByRole("rowheader", { name: stage, exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/unmapped-collect-completed.png` });
  const listed = await page.request.get("/api/v2/unmapped", { headers: auth });
  expect((await listed.json()).data).toEqual([]);
});
