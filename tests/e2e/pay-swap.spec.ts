import { expect, test } from "@playwright/test";
import { Connection, LAMPORTS_PER_SOL, PublicKey } from "@solana/web3.js";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { E2E_PAYMENTS_PORT, merchantReceivingEverywhere, overflow } from "./pay-helpers";

const SANDBOX_CHAIN = -5001;

/**
 * Issue 26 on a phone: a payer whose wallet holds only SOL pays a USDC zLink with "Pay with
 * another token": the list shows the SOL held, the quote what it costs, the wallet signs the
 * sandbox maker's swap, and the page ends on the same paid screen as a direct payment.
 */
test("a payer with only SOL pays a zLink by swapping it, on a 360 px phone", async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { link } = await merchantReceivingEverywhere(page, "Swap beans", "3");

  // The payer's wallet gets 2 SOL from the local network itself: no USDC at all.
  const payer = createSolanaTestWallet("Payer Wallet");
  const config = await (await page.request.get(`http://localhost:${E2E_PAYMENTS_PORT}/api/config`)).json();
  const { rpcUrl } = config.data.contractsMeta[String(SANDBOX_CHAIN)] as { rpcUrl: string };
  const connection = new Connection(rpcUrl, "confirmed");
  const airdrop = await connection.requestAirdrop(new PublicKey(payer.address), 2 * LAMPORTS_PER_SOL);
  await connection.confirmTransaction(airdrop, "confirmed");

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await phone.newPage();
  await payer.install(payerPage);
  await payerPage.goto(link);
  await payerPage.waitForLoadState("load");
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Swap another token to pay" }).click();

  const panel = payerPage.getByRole("region", { name: "Pay with another token" });
  await panel.getByRole("button", { name: /^SOL You hold 2 SOL/ }).click();
  // 3 USDC at the sandbox's 150 USD a SOL: 0.02 SOL.
  await expect(panel.getByText("You pay about").locator("xpath=following-sibling::dd[1]")).toHaveText("0.02 SOL");
  expect(await overflow(payerPage)).toBeLessThanOrEqual(0);
  await panel.getByRole("button", { name: "Pay about 0.02 SOL" }).click();

  await expect(payerPage.getByRole("heading", { name: /Payment (received|complete)/ })).toBeVisible({ timeout: 30_000 });
  expect(payer.requests).toContain("signTransaction");
  await phone.close();
});
