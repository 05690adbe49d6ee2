import { eq } from "drizzle-orm";
import { erc20Abi, zeroAddress, type Address, type Hash, type Hex, type PrivateKeyAccount, type WalletClient } from "viem";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { RefundInstructionDto } from "@/lib/refund";
import { feeProxyAbi } from "../chains/evm/fee-proxy-abi";
import { routeFactoryAbi } from "../chains/evm/route-abi";
import type { Database } from "../db/client";
import { transactions } from "../db/schema";
import { callJson } from "./call-json";
import { evmWalletOf, fundedEvmAccount, fundedEvmPayer, payEvm, type EvmPayFixture } from "./evm-pay-fixture";
import { signInMerchant } from "./merchants";
import { attachWalletAndLink } from "./pay-apps";
import { until } from "./webhook-receiver";

/**
 * A merchant whose receiving wallet is a key the test holds (with gas money, so it can send
 * refunds), paid 12.5 USDC on `chainId` by a fresh payer, the payment validated.
 */
export async function paidEvmPayment(f: EvmPayFixture, database: Database, chainId: number, hookUrl?: string) {
  const merchant = await signInMerchant(f.app);
  const wallet = await fundedEvmAccount(f, chainId);
  const { link } = await attachWalletAndLink(
    f,
    merchant,
    { address: wallet.address, chain: chainId, type: "manual", version: 1 },
    { label: "Coffee beans", price: "12.5", currency: "USDC" },
    hookUrl ? { endpoint: hookUrl } : undefined,
  );
  return { merchant, wallet, ...(await payLinkUntilValidated(f, database, chainId, link.hashedId)) };
}

/**
 * A fresh payer pays the 12.5 USDC zLink `hashedId` on `chainId` as the pay page would; the
 * watcher sees it paid, then (two blocks mined) validated.
 */
export async function payLinkUntilValidated(f: EvmPayFixture, database: Database, chainId: number, hashedId: string) {
  const payer = await fundedEvmPayer(f, chainId, "USDC", 12_500_000n);
  const started = await callJson(f.payments, "POST", `/api/pay/${hashedId}/start`, { chainId, token: "USDC", payer: payer.address, sessionId: `s-${payer.address}` });
  const info = started.body.data as PaymentTransactionInfo;
  const paymentHash = await payEvm(f, payer, info);
  const row = async () => (await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment)))[0]!;
  await until(async () => ((await row()).status === "paid" ? true : undefined), "paid");
  await f.mine(chainId, 2);
  await until(async () => ((await row()).status === "validated" ? true : undefined), "validated");
  return { payer, info, paymentId: (await row()).id, paymentHash };
}

/**
 * A front-run: a stranger who saw the payment's reference (in the mempool, or on the pay page)
 * sends `dust` of the token to the payment's recipient with that reference first, and the watcher
 * credits it; then a fresh payer pays the 12.5 USDC zLink `hashedId` in full and the payment is
 * validated. Answers both wallets and the payment.
 */
export async function payLinkAfterDust(f: EvmPayFixture, database: Database, chainId: number, hashedId: string, dust = 1n) {
  const payer = await fundedEvmPayer(f, chainId, "USDC", 12_500_000n);
  const stranger = await fundedEvmPayer(f, chainId, "USDC", 1_000n);
  const started = await callJson(f.payments, "POST", `/api/pay/${hashedId}/start`, { chainId, token: "USDC", payer: payer.address, sessionId: `s-${payer.address}` });
  const info = started.body.data as PaymentTransactionInfo;
  const row = async () => (await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment)))[0]!;
  await payEvm(f, stranger, info, { amountWei: dust.toString() });
  await until(async () => ((await row()).receivedAmount === dust ? true : undefined), "the dust credited");
  const paymentHash = await payEvm(f, payer, info);
  await until(async () => ((await row()).status === "paid" ? true : undefined), "paid");
  await f.mine(chainId, 2);
  await until(async () => ((await row()).status === "validated" ? true : undefined), "validated");
  return { payer, stranger, info, paymentId: (await row()).id, paymentHash };
}

/**
 * The merchant's wallet sends a refund as the dialog does: approves the proxy, then calls
 * transferFromWithReferenceAndFee(token, payer, amount, reference, 0, 0x0). A test may tamper with
 * what it sends. Answers the transaction hash once mined.
 */
export async function sendEvmRefundBack(
  f: EvmPayFixture,
  from: PrivateKeyAccount,
  r: RefundInstructionDto,
  tamper: { to?: Address; amount?: bigint; token?: Address; reference?: Hex } = {},
): Promise<Hash> {
  const { client } = f.chains[r.chain]!;
  const wallet = evmWalletOf(f, r.chain, from);
  const token = tamper.token ?? (r.tokenAddress as Address);
  const amount = tamper.amount ?? BigInt(r.amount);
  const approved = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: "approve", args: [r.proxy as Address, amount] });
  await client.waitForTransactionReceipt({ hash: approved });
  const hash = await wallet.writeContract({
    address: r.proxy as Address,
    abi: feeProxyAbi,
    functionName: "transferFromWithReferenceAndFee",
    args: [token, tamper.to ?? (r.to as Address), amount, tamper.reference ?? (r.reference as Hex), 0n, zeroAddress],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`refund ${hash} reverted`);
  return hash;
}

/**
 * A non-custodial merchant whose wallet (a key the test holds, with gas money) deployed its route
 * on `chainId` and attached with a signed proof: payments to it go into `route`.
 */
export async function routeMerchant(f: EvmPayFixture, chainId: number) {
  const { sandbox, client } = f.chains[chainId]!;
  const merchant = await signInMerchant(f.app);
  const switched = await callJson(f.app, "POST", "/api/sandbox/non-custodial", { nonCustodial: true }, merchant.auth);
  if (switched.status !== 200) throw new Error(`non-custodial failed: ${JSON.stringify(switched.body)}`);
  const account = await fundedEvmAccount(f, chainId);
  const wallet = evmWalletOf(f, chainId, account);
  await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" }) });
  const challenge = (await callJson(f.app, "POST", "/api/wallet/networks/proof", { chain: chainId, address: account.address }, merchant.auth)).body.data;
  const proof = { nonce: challenge.nonce, signature: await account.signMessage({ message: challenge.message }) };
  const attached = await callJson(f.app, "POST", "/api/wallet/networks", { address: account.address, chain: chainId, type: "metamask", proof }, merchant.auth);
  if (attached.status !== 201) throw new Error(`attach failed: ${JSON.stringify(attached.body)}`);
  return { merchant, account, wallet, route: attached.body.data.wallet.route as Address };
}

/**
 * The route merchant replaces its EVM wallet (POST /api/wallet/networks/update-address): a new
 * wallet deploys its own route and is attached with the deploy hash. Answers the new wallet and route.
 */
export async function replaceRouteWallet(f: EvmPayFixture, merchant: { auth: Record<string, string> }, chainId: number) {
  const { sandbox, client } = f.chains[chainId]!;
  const account = await fundedEvmAccount(f, chainId);
  const wallet = evmWalletOf(f, chainId, account);
  const deployHash = await wallet.writeContract({ address: sandbox.routeFactory, abi: routeFactoryAbi, functionName: "deploy" });
  await client.waitForTransactionReceipt({ hash: deployHash });
  const challenge = (await callJson(f.app, "POST", "/api/wallet/networks/proof", { chain: chainId, address: account.address }, merchant.auth)).body.data;
  const proof = { nonce: challenge.nonce, signature: await account.signMessage({ message: challenge.message }) };
  const replaced = await callJson(f.app, "POST", "/api/wallet/networks/update-address", { address: account.address, chain: chainId, type: "metamask", proof, deployHash }, merchant.auth);
  if (replaced.status !== 200) throw new Error(`update-address failed: ${JSON.stringify(replaced.body)}`);
  return { account, wallet, route: replaced.body.data.wallet.route as Address };
}

/** The merchant's wallet sends a route call the server built as the dialog does (no approve); answers the hash once mined successfully. */
export async function sendRouteCall(f: EvmPayFixture, wallet: WalletClient, call: { to: string; data: string }): Promise<Hash> {
  const hash = await wallet.sendTransaction({ to: call.to as Address, data: call.data as Hex, account: wallet.account!, chain: wallet.chain, gas: 300_000n });
  const receipt = await f.chains[wallet.chain!.id]!.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`route call ${hash} reverted`);
  return hash;
}
