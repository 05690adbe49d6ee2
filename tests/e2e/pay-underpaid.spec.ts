import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { Connection, Keypair } from "@solana/web3.js";
import BigNumber from "bignumber.js";
import { createTransfer, parseURL, type TransferRequestURL } from "@solana/pay";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";

/**
 * Issue 28: a payer who sent too little is told at once what arrived, what is still due and the
 * time left, gets a new code for the rest, pays it, and sees the payment complete (instead of
 * "Waiting for your payment…" for 30 minutes, then "Payment failed").
 */

const SHOTS = "test-results/screens";
const E2E_PAYMENTS_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? 4332);
const PAYMENTS = `http://localhost:${E2E_PAYMENTS_PORT}`;
const SANDBOX_CHAIN = -5001;

async function faucet(request: APIRequestContext, address: string) {
  const res = await request.post(`${PAYMENTS}/api/sandbox/faucet`, { data: { chain: SANDBOX_CHAIN, address, token: "USDC" } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A merchant with a receiving wallet (holding SOL, as Solana Pay's createTransfer wants) and one zLink. */
async function merchantLink(page: Page, price: string): Promise<string> {
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const receiving = createSolanaTestWallet().address;
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: receiving, type: "manual", version: 1 } });
  expect(attached.status(), await attached.text()).toBe(201);
  await faucet(page.request, receiving);
  const created = await page.request.post("/api/quick-pays/create", { headers: auth, data: { label: "Coffee beans", price, currency: "USDC" } });
  expect(created.status(), await created.text()).toBe(201);
  return `${PAYMENTS}/?p=${(await created.json()).data.info.hashedId}`;
}

/** The phone wallet reads the Solana Pay URL and pays it — or, with `amount`, what the payer typed over it. */
async function payFromPhone(request: APIRequestContext, phone: Keypair, url: string, amount?: string): Promise<string> {
  const config = await (await request.get(`${PAYMENTS}/api/config`)).json();
  const { rpcUrl, wsUrl } = config.data.contractsMeta[String(SANDBOX_CHAIN)] as { rpcUrl: string; wsUrl?: string };
  const connection = new Connection(rpcUrl, { commitment: "confirmed", wsEndpoint: wsUrl });
  const request_ = parseURL(url) as TransferRequestURL;
  const tx = await createTransfer(connection, phone.publicKey, { ...request_, amount: amount ? new BigNumber(amount) : request_.amount! });
  tx.sign(phone);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  const latest = await connection.getLatestBlockhash("confirmed");
  await connection.confirmTransaction({ signature, ...latest }, "confirmed");
  return signature;
}

test("a payer who sent too little sees what is due and the time left, pays the rest with the new code, and sees the payment complete", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const link = await merchantLink(page, "4.2");

  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payer = await payerContext.newPage();
  await payer.goto(link);
  const offer = payer.getByRole("button", { name: "Show a QR code" });
  const pickSolana = payer.getByRole("button", { name: /^Pay with Solana/ });
  await expect(offer.or(pickSolana).first()).toBeVisible({ timeout: 20_000 });
  if (await pickSolana.isVisible()) await pickSolana.click();
  await offer.click();
  const url = await payer.getByRole("textbox", { name: "Payment request" }).inputValue();

  // The payer's phone sends 3 USDC of the 4.2 asked.
  const phone = Keypair.generate();
  await faucet(page.request, phone.publicKey.toBase58());
  await payFromPhone(page.request, phone, url, "3");

  const due = payer.getByRole("region", { name: "Part of your payment arrived" });
  await expect(due).toBeVisible({ timeout: 30_000 });
  await expect(due.getByText("Received", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText("3 USDC");
  await expect(due.getByText("Still due", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText("1.2 USDC");
  const left = await due.getByText("Time left to pay", { exact: true }).locator("xpath=following-sibling::dd[1]").textContent();
  expect(left).toMatch(/^(29|30):\d\d$/);
  // A new code for the rest, on the same payment (same reference and memo).
  const qr = payer.getByRole("region", { name: "Scan to pay 1.2 USDC" });
  await expect(qr).toBeVisible();
  const restUrl = await qr.getByRole("textbox", { name: "Payment request" }).inputValue();
  const [first, rest] = [new URL(url), new URL(restUrl)];
  expect(rest.searchParams.get("amount")).toBe("1.2");
  expect(rest.searchParams.get("reference")).toBe(first.searchParams.get("reference"));
  expect(rest.searchParams.get("memo")).toBe(first.searchParams.get("memo"));
  expect(await payer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await payer.screenshot({ path: `${SHOTS}/pay-underpaid.png`, fullPage: true });

  // The phone pays the rest: the page finds it and the payment is complete.
  await payFromPhone(page.request, phone, restUrl);
  await expect(payer.getByRole("heading", { name: /Payment (received|complete)/ })).toBeVisible({ timeout: 30_000 });
  await expect(payer.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 30_000 });
  await expect(payer.getByText(/less than the amount requested/)).toHaveCount(0);
  await payer.screenshot({ path: `${SHOTS}/pay-underpaid-complete.png`, fullPage: true });
  await payerContext.close();
});
