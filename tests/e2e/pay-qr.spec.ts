import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { Connection, Keypair } from "@solana/web3.js";
import { createTransfer, parseURL, type TransferRequestURL } from "@solana/pay";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";

const SHOTS = "test-results/screens";
const E2E_PAYMENTS_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? 4332);
const PAYMENTS = `http://localhost:${E2E_PAYMENTS_PORT}`;
const SANDBOX_CHAIN = -5001;

/** Test SOL and USDC from the sandbox faucet on the payments origin, as a payer's page asks for them. */
async function faucet(request: APIRequestContext, address: string) {
  const res = await request.post(`${PAYMENTS}/api/sandbox/faucet`, { data: { chain: SANDBOX_CHAIN, address, token: "USDC" } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A merchant with a receiving wallet (holding some SOL, as real wallets do) and one zLink; answers the pay link. */
async function merchantLink(page: Page, price: string): Promise<string> {
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const receiving = createSolanaTestWallet().address;
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: receiving, type: "manual", version: 1 } });
  expect(attached.status(), await attached.text()).toBe(201);
  // Solana Pay's createTransfer checks that the recipient wallet exists on chain.
  await faucet(page.request, receiving);
  const created = await page.request.post("/api/quick-pays/create", { headers: auth, data: { label: "Coffee beans", price, currency: "USDC" } });
  expect(created.status(), await created.text()).toBe(201);
  return `${PAYMENTS}/?p=${(await created.json()).data.info.hashedId}`;
}

/**
 * The phone wallet, outside the browser: scans (here: reads) the Solana Pay URL, builds the
 * transfer with @solana/pay's createTransfer on the local sandbox network, signs and sends it.
 */
async function payFromPhone(request: APIRequestContext, url: string): Promise<string> {
  const phone = Keypair.generate();
  await faucet(request, phone.publicKey.toBase58());
  const config = await (await request.get(`${PAYMENTS}/api/config`)).json();
  const { rpcUrl, wsUrl } = config.data.contractsMeta[String(SANDBOX_CHAIN)] as { rpcUrl: string; wsUrl?: string };
  const connection = new Connection(rpcUrl, { commitment: "confirmed", wsEndpoint: wsUrl });
  const { recipient, amount, splToken, reference, memo } = parseURL(url) as TransferRequestURL;
  const tx = await createTransfer(connection, phone.publicKey, { recipient, amount: amount!, splToken, reference, memo });
  tx.sign(phone);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  const latest = await connection.getLatestBlockhash("confirmed");
  await connection.confirmTransaction({ signature, ...latest }, "confirmed");
  return signature;
}

test("a payer with no wallet in the browser pays by scanning a Solana Pay QR code with a phone wallet", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const link = await merchantLink(page, "4.2");

  // A desktop browser with no wallet extension.
  const payerContext = await browser.newContext();
  const payer = await payerContext.newPage();
  await payer.goto(link);
  const offer = payer.getByRole("button", { name: "Show a QR code" });
  const pickSolana = payer.getByRole("button", { name: /^Pay with Solana/ });
  await expect(offer.or(pickSolana).first()).toBeVisible({ timeout: 20_000 });
  if (await pickSolana.isVisible()) await pickSolana.click(); // the page may ask for the chain family first
  await offer.click();

  const qr = payer.getByRole("region", { name: "Scan to pay 4.2 USDC" });
  await expect(qr).toBeVisible({ timeout: 20_000 });
  await expect(qr.getByRole("img", { name: "QR code of the Solana Pay request for 4.2 USDC" })).toBeVisible();
  const url = await qr.getByRole("textbox", { name: "Payment request" }).inputValue();
  expect(await qr.getAttribute("data-solana-pay-url")).toBe(url);
  expect(url).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32,44}\?amount=4\.2&spl-token=[1-9A-HJ-NP-Za-km-z]+&reference=[1-9A-HJ-NP-Za-km-z]+&label=.+&message=Coffee\+beans&memo=zpay%3A/);
  await expect(qr.getByRole("link", { name: "Open in a wallet app" })).toHaveAttribute("href", url);
  await expect(qr.getByRole("status").filter({ hasText: "Waiting for your payment…" })).toBeVisible();
  const axe = await new AxeBuilder({ page: payer }).include('[data-slot="solana-pay-qr"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await payer.screenshot({ path: `${SHOTS}/pay-qr.png`, fullPage: true });

  // The phone wallet pays what the page shows; the page finds it by reference on its own.
  const signature = await payFromPhone(page.request, url);
  await expect(payer.getByRole("heading", { name: /Payment (received|complete)/ })).toBeVisible({ timeout: 30_000 });
  await expect(payer.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 30_000 });
  await expect(payer.getByRole("link", { name: /View on the explorer/ })).toHaveAttribute("href", new RegExp(`/tx/${SANDBOX_CHAIN}/${signature}$`));
  await payer.screenshot({ path: `${SHOTS}/pay-qr-complete.png`, fullPage: true });
  await payerContext.close();
});

// An iPhone: on Android, wallet-adapter offers its Mobile Wallet Adapter as a wallet of the browser instead.
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

test("on a phone with no wallet, the pay page offers to open itself inside a wallet app, and the QR code too", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const link = await merchantLink(page, "1.5");
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: IPHONE });
  const phone = await phoneContext.newPage();
  // The wallet app's universal link is answered here: nothing leaves this machine.
  await phone.route("https://phantom.app/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Phantom</title>" }));
  await phone.goto(link);
  const pickSolana = phone.getByRole("button", { name: /^Pay with Solana/ });
  const apps = phone.getByRole("region", { name: "Open in a wallet app" });
  await expect(apps.or(pickSolana).first()).toBeVisible({ timeout: 20_000 });
  if (await pickSolana.isVisible()) await pickSolana.click();
  await expect(apps).toBeVisible();
  await expect(phone.getByRole("button", { name: "Show a QR code" })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await phone.screenshot({ path: `${SHOTS}/pay-qr-phone-offer.png`, fullPage: true });

  const opened = phone.waitForRequest(/^https:\/\/phantom\.app\/ul\/browse\//);
  await apps.getByRole("button", { name: "Phantom" }).click();
  const target = new URL(decodeURIComponent((await opened).url().split("/ul/browse/")[1]!.split("?")[0]!));
  expect(`${target.origin}${target.pathname}${target.search}`).toBe(`${link.replace(/\/\?/, "/?")}&openedInApp=1`);
  await phoneContext.close();
});
