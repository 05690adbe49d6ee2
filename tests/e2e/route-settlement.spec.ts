import { expect, test } from "@playwright/test";
import { createPublicClient, encodeFunctionData, http, parseAbi, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createEvmTestWallet } from "../fixtures/evm-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { LOCAL_EVM_A, SHOTS, createZLink, toast } from "./pay-helpers";

const settleAbi = parseAbi(["function settle(address token, address to, uint256 amount)"]);

/**
 * A non-custodial merchant (SPEC §6) attaches its EVM wallet from Settings › Deposits: the wallet
 * deploys the merchant's route contract through the factory, then signs the proof. A payer pays a
 * zLink into the route; the merchant settles from the route card to its settlement address and,
 * once whitelisted, to an exchange. A settle to an address that is not whitelisted is refused on
 * chain (and the server refuses to build it). A partial refund of the payment is paid back by the
 * route, through the refund dialog.
 */
test("a route merchant deploys, gets paid, settles to a whitelisted address; a non-whitelisted settle is refused on chain; a partial refund leaves from the route", async ({ page, context, browser }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const config = await (await page.request.get("/api/config")).json();
  const { rpcUrl } = config.data.contractsMeta[String(LOCAL_EVM_A)] as { rpcUrl: string };
  const merchantWallet = createEvmTestWallet({ rpcUrl, chainId: LOCAL_EVM_A, name: "Merchant EVM Wallet" });
  await merchantWallet.install(page);
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  expect((await page.request.post("/api/sandbox/non-custodial", { headers: auth, data: { nonCustodial: true } })).status()).toBe(200);
  // Gas for the deploy and the settlements.
  const faucet = await page.request.post("/api/sandbox/faucet", { data: { chain: LOCAL_EVM_A, address: merchantWallet.address, token: "USDC" } });
  expect(faucet.status(), await faucet.text()).toBe(200);

  // Attach: network → wallet → the route is deployed by the wallet, then the proof is signed.
  await page.goto("/settings/deposits");
  await page.getByRole("button", { name: "Connect a wallet" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Local EVM A", exact: true }).click();
  await expect(dialog.getByText(/Your route contract on Local EVM A is deployed/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Enter address manually" })).toBeHidden();
  await dialog.getByRole("button", { name: merchantWallet.name }).click();
  await dialog.getByRole("button", { name: "Sign and attach" }).click();
  await expect(toast(page, "Wallet address saved")).toBeVisible({ timeout: 30_000 });
  expect(merchantWallet.requests).toEqual(["eth_requestAccounts", "eth_sendTransaction", "personal_sign"]);
  const status = (await (await page.request.get("/api/wallet/networks/status", { headers: auth })).json()).data;
  const wallet = status.wallets.find((w: { family: string }) => w.family === "evm");
  expect(wallet).toMatchObject({ address: merchantWallet.address, walletDeployed: true, hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  const route = wallet.route as Hex;
  const card = page.locator('[data-slot="route-settlements"]');
  await expect(card.getByTestId("unsettled-USDC")).toHaveText("0");

  // A payer pays a zLink of 4 USDC: it lands in the route.
  const { link } = await createZLink(page, "Route tea", "4");
  const payerContext = await browser.newContext();
  const payerPage = await payerContext.newPage();
  const payer = createEvmTestWallet({ rpcUrl, chainId: LOCAL_EVM_A, name: "Payer EVM Wallet" });
  await payer.install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with an EVM wallet" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer EVM Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and .* ETH to your wallet/)).toBeVisible({ timeout: 30_000 });
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  await payerContext.close();

  await page.goto("/settings/deposits");
  await expect(card.getByTestId("unsettled-USDC")).toHaveText("4");
  await page.screenshot({ path: `${SHOTS}/route-settlements-paid.png`, fullPage: true });

  // Settle 1 USDC to the settlement address (the owner by default).
  await card.getByLabel("Amount", { exact: true }).fill("1");
  await card.getByRole("button", { name: "Settle", exact: true }).click();
  await expect(toast(page, "Settlement sent")).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId("unsettled-USDC")).toHaveText("3");

  // An exchange that is not whitelisted: the server will not build the call.
  const exchange = privateKeyToAccount(generatePrivateKey()).address;
  await card.getByLabel("To", { exact: true }).fill(exchange);
  await card.getByLabel("Amount", { exact: true }).fill("2");
  await card.getByRole("button", { name: "Settle", exact: true }).click();
  await expect(card.getByRole("alert")).toContainText("This address is not whitelisted");
  // Sent from the owner's wallet anyway, the route contract itself refuses it.
  const client = createPublicClient({ transport: http(rpcUrl) });
  const USDC = await usdcOf(page, auth);
  const data = encodeFunctionData({ abi: settleAbi, functionName: "settle", args: [USDC, exchange, 2_000_000n] });
  const refused = (await merchantWallet.request({ method: "eth_sendTransaction", params: [{ from: merchantWallet.address, to: route, data, gas: "0x493e0" }] })) as Hex;
  expect((await client.waitForTransactionReceipt({ hash: refused })).status).toBe("reverted");

  // Whitelisted, the same settle goes through.
  await card.getByLabel("Address", { exact: true }).fill(exchange);
  await card.getByRole("button", { name: "Add to whitelist" }).click();
  await expect(toast(page, "Address whitelisted")).toBeVisible({ timeout: 30_000 });
  await card.getByLabel("To", { exact: true }).fill(exchange);
  await card.getByLabel("Amount", { exact: true }).fill("2");
  await card.getByRole("button", { name: "Settle", exact: true }).click();
  await expect(toast(page, "Settlement sent")).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId("unsettled-USDC")).toHaveText("1");
  await expect(card.getByTestId("settlement-history").locator("li")).toHaveCount(2);
  const balanceOf = (owner: Hex) => client.readContract({ address: USDC, abi: parseAbi(["function balanceOf(address) view returns (uint256)"]), functionName: "balanceOf", args: [owner] });
  expect(await balanceOf(exchange)).toBe(2_000_000n);
  await page.screenshot({ path: `${SHOTS}/route-settlements-settled.png`, fullPage: true });

  // A partial refund of the payment (25 %, 1 USDC) leaves from the route: the merchant's wallet
  // sends the route's refund call (no approval), and the payer gets exactly that back.
  const paid = await balanceOf(payer.address);
  await page.goto("/transactions");
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows.first().getByText("Completed")).toBeVisible({ timeout: 30_000 });
  await rows.first().getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: "Refund" });
  await expect(refund.getByText("4 USDC", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(refund.getByText("Your route's balance")).toBeVisible();
  await refund.getByRole("switch", { name: "Partial refund" }).click();
  const slider = refund.getByRole("slider", { name: "Refund percentage" });
  await slider.focus();
  for (let i = 0; i < 75; i++) await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveAttribute("aria-valuenow", "25");
  await expect(refund.getByRole("textbox", { name: "Refund amount (USDC)" })).toHaveValue("1");
  const prompts = merchantWallet.requests.length;
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(refund.getByText("Refund confirmed: 1 USDC sent back to the payer.")).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/route-refund-confirmed.png`, fullPage: true });
  expect(merchantWallet.requests.slice(prompts).filter((r) => r === "eth_sendTransaction")).toHaveLength(1);
  expect(await balanceOf(payer.address)).toBe(paid + 1_000_000n);
  expect(await balanceOf(route)).toBe(0n);
});

/** The chain's USDC, from the route's balances. */
async function usdcOf(page: import("@playwright/test").Page, auth: Record<string, string>): Promise<Hex> {
  const unsettled = (await (await page.request.post("/api/v2/settlements/read-unsettled", { headers: auth, data: {} })).json()).data;
  return unsettled.balances.find((b: { symbol: string }) => b.symbol === "USDC").tokenAddress;
}
