import { expect, test, type Page } from "@playwright/test";
import { createPublicClient, getAddress, http, parseAbi, type Hex } from "viem";
import { createEvmTestWallet, type EvmTestWallet } from "../fixtures/evm-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { LOCAL_EVM_A, SHOTS, createZLink, overflow, toast } from "./pay-helpers";

const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);

/**
 * A non-custodial merchant (SPEC §6) replaces its EVM wallet. Wallet A deploys route A and a zLink
 * is paid into it. In another browser of the merchant (wallet B, a 360 px phone), Settings ›
 * Deposits › Change address first warns that route A still holds 4 USDC, then wallet B deploys
 * route B and becomes the receiving wallet. The route card then shows route B, and route A under
 * "Routes of replaced wallets" with its 4 USDC, which wallet B cannot move. Back in the browser
 * with wallet A, "Settle all USDC" empties route A into its settlement address (A), to the unit on
 * chain. The next payment reaches route B.
 */
test("a route merchant replaces its EVM wallet: the old route's money is announced, kept in view, settled by the old wallet; new payments reach the new route", async ({ page, context, browser }) => {
  test.setTimeout(300_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const config = await (await page.request.get("/api/config")).json();
  const { rpcUrl } = config.data.contractsMeta[String(LOCAL_EVM_A)] as { rpcUrl: string };
  const client = createPublicClient({ transport: http(rpcUrl) });
  const walletA = createEvmTestWallet({ rpcUrl, chainId: LOCAL_EVM_A, name: "Old EVM Wallet" });
  const walletB = createEvmTestWallet({ rpcUrl, chainId: LOCAL_EVM_A, name: "New EVM Wallet" });
  await walletA.install(page);
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  expect((await page.request.post("/api/sandbox/non-custodial", { headers: auth, data: { nonCustodial: true } })).status()).toBe(200);
  // Gas for both wallets' deploys and for the settlement.
  for (const wallet of [walletA, walletB]) {
    const faucet = await page.request.post("/api/sandbox/faucet", { data: { chain: LOCAL_EVM_A, address: wallet.address, token: "USDC" } });
    expect(faucet.status(), await faucet.text()).toBe(200);
  }
  const evmWallet = async () => {
    const status = (await (await page.request.get("/api/wallet/networks/status", { headers: auth })).json()).data;
    return status.wallets.find((w: { family: string }) => w.family === "evm") as { address: string; route: Hex; walletDeployed: boolean };
  };

  // 1. Wallet A deploys route A and is attached; a payer pays a 4 USDC zLink into route A.
  await page.goto("/settings/deposits");
  await page.getByRole("button", { name: "Connect a wallet" }).click();
  const attach = page.getByRole("dialog");
  await attach.getByRole("button", { name: "Local EVM A", exact: true }).click();
  await attach.getByRole("button", { name: walletA.name }).click();
  await attach.getByRole("button", { name: "Sign and attach" }).click();
  await expect(toast(page, "Wallet address saved")).toBeVisible({ timeout: 30_000 });
  const attachedA = await evmWallet();
  expect(attachedA).toMatchObject({ address: walletA.address, walletDeployed: true });
  const routeA = attachedA.route;
  await payZLink(page, browser, rpcUrl, "Tea before the change", "4");
  const USDC = await usdcOf(page, auth);
  const balanceOf = (owner: Hex) => client.readContract({ address: USDC, abi: erc20, functionName: "balanceOf", args: [owner] });
  expect(await balanceOf(routeA)).toBe(4_000_000n);

  // 2. The merchant's phone (360 px) holds wallet B: Change address warns first that route A still
  //    holds 4 USDC and who can settle it; once understood, wallet B deploys route B and is attached.
  const phone = await browser.newContext({ storageState: await context.storageState(), viewport: { width: 360, height: 780 } });
  const pageB = await phone.newPage();
  await walletB.install(pageB);
  await pageB.goto("/settings/deposits");
  await pageB.getByRole("button", { name: "Change address for EVM networks" }).click();
  const change = pageB.getByRole("dialog", { name: "Change the receiving wallet" });
  const warning = change.getByRole("alert");
  await expect(warning).toContainText("Your current route contract still holds money", { timeout: 15_000 });
  await expect(warning.getByRole("list", { name: "Not settled yet" }).getByRole("listitem")).toHaveText(["4 USDC"]);
  await expect(warning).toContainText(
    "New payments will go to the new wallet's route. This money stays in the current route: you can still settle it afterwards on this page, in the Route contract card under “Routes of replaced wallets”, with your current wallet only.",
  );
  await expect(warning.getByText("Current wallet:")).toContainText(walletA.address, { ignoreCase: true });
  const goOn = change.getByRole("button", { name: "Continue" });
  await expect(goOn).toBeDisabled();
  expect(await overflow(pageB)).toBe(0);
  await pageB.screenshot({ path: "/tmp/replace-warning-360.png" });
  await change.getByRole("checkbox", { name: /^I understand: what the current route holds stays there/ }).click();
  await goOn.click();
  await change.getByRole("button", { name: walletB.name }).click();
  await change.getByRole("button", { name: "Sign and change address" }).click();
  await expect(toast(pageB, "Receiving address changed")).toBeVisible({ timeout: 30_000 });
  expect(walletB.requests).toEqual(["eth_requestAccounts", "eth_sendTransaction", "personal_sign"]);
  const attachedB = await evmWallet();
  expect(attachedB).toMatchObject({ address: walletB.address, walletDeployed: true });
  const routeB = attachedB.route;
  expect(getAddress(routeB)).not.toBe(getAddress(routeA));

  // 3. The route card: route B is the current route, with nothing yet; route A is listed under the
  //    routes of replaced wallets, owned by wallet A, still holding its 4 USDC.
  const cardB = pageB.locator('[data-slot="route-settlements"]');
  await expect(cardB.getByTestId("unsettled-USDC")).toHaveText("0", { timeout: 15_000 });
  await expect(cardB.locator("dl").first()).toContainText(routeB, { ignoreCase: true });
  const earlierB = cardB.getByRole("region", { name: "Routes of replaced wallets" });
  await expect(earlierB).toContainText("These routes belong to EVM wallets you replaced.");
  const oldRoute = earlierB.getByRole("listitem").filter({ hasText: new RegExp(routeA, "i") });
  await expect(oldRoute).toHaveCount(1);
  await expect(oldRoute).toContainText("Owner wallet");
  await expect(oldRoute).toContainText(walletA.address, { ignoreCase: true });
  await expect(oldRoute.getByTestId(/^earlier-0x[0-9a-fA-F]{40}-USDC$/)).toHaveText("4 USDC");
  expect(await overflow(pageB)).toBe(0);
  await pageB.screenshot({ path: "/tmp/replace-settlements-360.png", fullPage: true });
  // Wallet B does not own route A: the settle is not sent, and the merchant is told which wallet to connect.
  const promptsB = walletB.requests.length;
  await oldRoute.getByRole("button", { name: "Settle all USDC" }).click();
  await expect(cardB.getByRole("alert")).toContainText(`Connect the wallet that owns the route (${walletA.address})`, { ignoreCase: true });
  expect(walletB.requests.slice(promptsB)).not.toContain("eth_sendTransaction");
  // The owner's whole address wraps inside the card on the phone (it used to widen the page).
  expect(await overflow(pageB)).toBe(0);
  await cardB.getByRole("alert").scrollIntoViewIfNeeded();
  await pageB.screenshot({ path: "/tmp/replace-wrong-wallet-360.png" });
  expect(await balanceOf(routeA)).toBe(4_000_000n);

  // 4. Back in the browser holding wallet A: "Settle all USDC" moves route A's whole balance to its
  //    settlement address (wallet A by default); the earlier route is gone from the card.
  const settlementA = (await earlierRouteOf(page, auth, routeA)).settlementAddress;
  expect(getAddress(settlementA)).toBe(walletA.address);
  const before = await balanceOf(settlementA);
  await page.goto("/settings/deposits");
  const card = page.locator('[data-slot="route-settlements"]');
  const earlier = card.getByRole("region", { name: "Routes of replaced wallets" });
  const promptsA = walletA.requests.length;
  await earlier.getByRole("listitem").filter({ hasText: new RegExp(routeA, "i") }).getByRole("button", { name: "Settle all USDC" }).click();
  await expect(toast(page, "Settlement sent")).toBeVisible({ timeout: 30_000 });
  expect(walletA.requests.slice(promptsA).filter((r) => r === "eth_sendTransaction")).toHaveLength(1);
  await expect(earlier).toBeHidden();
  const history = card.getByTestId("settlement-history").locator("li");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("4 USDC");
  await expect(history.first()).toContainText("from an earlier route");
  expect(await balanceOf(routeA)).toBe(0n);
  expect(await balanceOf(settlementA)).toBe(before + 4_000_000n);
  expect((await earlierRouteOf(page, auth, routeA)).balances.find((b) => b.symbol === "USDC")?.amount).toBe("0");

  // 5. A payment made after the change reaches route B, which the phone's card shows.
  await payZLink(page, browser, rpcUrl, "Tea after the change", "2");
  expect(await balanceOf(routeB)).toBe(2_000_000n);
  expect(await balanceOf(routeA)).toBe(0n);
  await pageB.goto("/settings/deposits");
  await expect(cardB.getByTestId("unsettled-USDC")).toHaveText("2", { timeout: 15_000 });
  await expect(cardB.getByRole("region", { name: "Routes of replaced wallets" })).toBeHidden();
  await pageB.screenshot({ path: `${SHOTS}/route-replaced-360.png`, fullPage: true });
  await phone.close();
});

/** The merchant creates a zLink of `price` USDC; a fresh payer (own browser, own wallet) pays it on Local EVM A. */
async function payZLink(page: Page, browser: import("@playwright/test").Browser, rpcUrl: string, title: string, price: string) {
  const { link } = await createZLink(page, title, price);
  const payerContext = await browser.newContext();
  const payerPage = await payerContext.newPage();
  const payer: EvmTestWallet = createEvmTestWallet({ rpcUrl, chainId: LOCAL_EVM_A, name: "Payer EVM Wallet" });
  await payer.install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with an EVM wallet" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer EVM Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and .* ETH to your wallet/)).toBeVisible({ timeout: 30_000 });
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  await payerContext.close();
}

type Balance = { symbol: string; amount: string; tokenAddress: Hex };

/** The chain's USDC, from the route's balances. */
async function usdcOf(page: Page, auth: Record<string, string>): Promise<Hex> {
  const unsettled = (await (await page.request.post("/api/v2/settlements/read-unsettled", { headers: auth, data: {} })).json()).data;
  return (unsettled.balances as Balance[]).find((b) => b.symbol === "USDC")!.tokenAddress;
}

/** One of the merchant's earlier routes, as the server reads it from the chain now. */
async function earlierRouteOf(page: Page, auth: Record<string, string>, route: Hex): Promise<{ settlementAddress: Hex; balances: Balance[] }> {
  const unsettled = (await (await page.request.post("/api/v2/settlements/read-unsettled", { headers: auth, data: {} })).json()).data;
  const earlier = (unsettled.earlierRoutes as { route: Hex; settlementAddress: Hex; balances: Balance[] }[]).find((r) => r.route.toLowerCase() === route.toLowerCase());
  expect(earlier, `route ${route} among the earlier routes`).toBeDefined();
  return earlier!;
}
