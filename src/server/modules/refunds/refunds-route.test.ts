import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { BaseError, encodeFunctionData, erc20Abi, type Address, type Hex, type PrivateKeyAccount } from "viem";
import type { RefundInstructionDto } from "@/lib/refund";
import { routeAbi } from "../../chains/evm/route-abi";
import { refunds, transactions } from "../../db/schema";
import { watchRefundsOnce } from "../../jobs/refund-watcher";
import { createLogger } from "../../logger";
import { TEST_BACKENDS } from "../../testing/databases";
import { callJson } from "../../testing/pay-fixture";
import { evmWalletOf, fundedEvmAccount, newEvmAccount } from "../../testing/evm-pay-fixture";
import { evmPaySuite } from "../../testing/evm-pay-suite";
import { payLinkUntilValidated, replaceRouteWallet, routeMerchant, sendRouteCall as sendRoute } from "../../testing/evm-refunds";
import { signInMerchant } from "../../testing/merchants";

const A = 31337;

/**
 * Refunds of payments that landed in a non-custodial merchant's route contract, for real on local
 * chain A: `/init` answers the route call (refund(token, payer, amount, reference)) for the
 * merchant's wallet to send; `/sent` and the refund watcher confirm only the route's own
 * `Refunded` event with exactly the refund's token, payer, amount and reference.
 */
describe.each(TEST_BACKENDS)("refunds through the merchant's route (%s)", (kind) => {
  const suite = evmPaySuite(kind);

  const chain = () => suite.f.chains[A]!;
  const balanceOf = (owner: Address) => chain().client.readContract({ address: chain().sandbox.tokens.USDC, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
  const walletOf = (account: PrivateKeyAccount) => evmWalletOf(suite.f, A, account);
  const init = (m: { auth: Record<string, string> }, body: Record<string, unknown>) => callJson(suite.f.app, "POST", "/api/v2/refunds/init", body, m.auth);
  const sent = (m: { auth: Record<string, string> }, refundId: string, signature: string) => callJson(suite.f.app, "POST", `/api/v2/refunds/${refundId}/sent`, { signature }, m.auth);
  const status = async (refundId: string) => (await suite.database.db.select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status;

  /** A non-custodial merchant's route, paid 12.5 USDC, the payment validated. */
  async function paidIntoRoute() {
    const { merchant, account, wallet, route } = await routeMerchant(suite.f, A);
    const link = (await callJson(suite.f.app, "POST", "/api/quick-pays/create", { label: "Coffee beans", price: "12.5", currency: "USDC" }, merchant.auth)).body.data.info;
    const { payer, info, paymentId } = await payLinkUntilValidated(suite.f, suite.database, A, link.hashedId);
    expect(info.recipient.toLowerCase()).toBe(route.toLowerCase());
    return { merchant, account, wallet, route, payer, paymentId };
  }

  const sendRouteCall = (wallet: ReturnType<typeof walletOf>, call: { to: string; data: string }) => sendRoute(suite.f, wallet, call);
  /** refund(...) on `route` with arguments a test chose, from `wallet`. */
  const routeRefund = (wallet: ReturnType<typeof walletOf>, route: Address, args: [Address, Address, bigint, Hex]) =>
    sendRouteCall(wallet, { to: route, data: encodeFunctionData({ abi: routeAbi, functionName: "refund", args }) });

  it("feasibility reads the route's balance; a 40 % then the rest go back through the route: the payer gets exactly that, the payment is refunded", async () => {
    const { merchant, account, wallet, route, payer, paymentId } = await paidIntoRoute();
    const feasible = await callJson(suite.f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, merchant.auth);
    expect(feasible.body.data).toMatchObject({ txAmount: "12500000", availBalance: "12500000", chain: A, via: "route" });

    const started = await init(merchant, { paymentId, refundAmount: "5000000" });
    expect(started.status).toBe(201);
    const r = started.body.data as RefundInstructionDto;
    expect(r).toMatchObject({ via: "route", proxy: null, from: account.address, to: payer.address, sourceTokenAccount: route, amount: "5000000" });
    expect(r.route).toEqual({
      to: route,
      data: encodeFunctionData({ abi: routeAbi, functionName: "refund", args: [chain().sandbox.tokens.USDC, payer.address, 5_000_000n, r.reference as Hex] }),
    });

    const before = await balanceOf(payer.address);
    const hash = await sendRouteCall(wallet, r.route!);
    expect(await balanceOf(payer.address)).toBe(before + 5_000_000n);
    expect(await balanceOf(route)).toBe(7_500_000n);
    expect((await sent(merchant, r.refundId, hash)).body).toEqual({ success: true, data: { refundId: r.refundId, status: "confirmed" } });
    expect((await suite.database.db.select().from(transactions).where(eq(transactions.id, paymentId)))[0]).toMatchObject({ refundedAmount: 5_000_000n, refundedAt: null });

    // The rest, confirmed by the refund watcher without the browser coming back.
    const rest = (await init(merchant, { paymentId })).body.data as RefundInstructionDto;
    expect(rest.amount).toBe("7500000");
    await sendRouteCall(wallet, rest.route!);
    expect(await balanceOf(payer.address)).toBe(before + 12_500_000n);
    const pass = await watchRefundsOnce({ db: suite.database.db, chains: { evm: [chain().runtime], stop: async () => {} }, log: createLogger("silent") });
    expect(pass.confirmed).toBeGreaterThanOrEqual(1);
    expect(await status(rest.refundId)).toBe("confirmed");
    const payment = (await suite.database.db.select().from(transactions).where(eq(transactions.id, paymentId)))[0]!;
    expect(payment.refundedAmount).toBe(12_500_000n);
    expect(payment.refundedAt).toBeInstanceOf(Date);
  });

  it("confirms nothing the route's event does not show as the refund: another amount, payer, token or reference, another contract's look-alike", async () => {
    const { merchant, wallet, route, payer, paymentId } = await paidIntoRoute();
    const { sandbox } = chain();
    const r = (await init(merchant, { paymentId, refundAmount: "1000000" })).body.data as RefundInstructionDto;
    await sandbox.mintTokens(route, sandbox.tokens.USDT, 5_000_000n);
    const ref = r.reference as Hex;
    const USDC = sandbox.tokens.USDC;
    // Another merchant's route emitting a Refunded with exactly these fields is not this merchant's route.
    const other = await paidIntoRoute();
    const tampered = [
      await routeRefund(wallet, route, [USDC, payer.address, 999_999n, ref]),
      await routeRefund(wallet, route, [USDC, newEvmAccount().address, 1_000_000n, ref]),
      await routeRefund(wallet, route, [sandbox.tokens.USDT, payer.address, 1_000_000n, ref]),
      await routeRefund(wallet, route, [USDC, payer.address, 1_000_000n, "0x0000000000000001"]),
      await routeRefund(other.wallet, other.route, [USDC, payer.address, 1_000_000n, ref]),
      `0x${"12".repeat(32)}`,
      "not-a-hash",
    ];
    for (const hash of tampered) expect((await sent(merchant, r.refundId, hash)).body.data.status).toBe("sent");
    expect(await status(r.refundId)).toBe("sent");
    // The real one confirms it (found by its hash; the watcher would find it by the route's logs).
    expect((await sent(merchant, r.refundId, await sendRouteCall(wallet, r.route!))).body.data.status).toBe("confirmed");
  });

  it("after the merchant replaced its wallet, a payment made into the old route is still refunded from it, by the old wallet", async () => {
    const { merchant, account, wallet, route, payer, paymentId } = await paidIntoRoute();
    const replaced = await replaceRouteWallet(suite.f, merchant, A);
    expect(replaced.route).not.toBe(route);

    const feasible = await callJson(suite.f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, merchant.auth);
    expect(feasible.body.data).toMatchObject({ availBalance: "12500000", via: "route" });
    const r = (await init(merchant, { paymentId, refundAmount: "2500000" })).body.data as RefundInstructionDto;
    expect(r).toMatchObject({ via: "route", from: account.address, to: payer.address, sourceTokenAccount: route, route: { to: route } });
    const hash = await sendRouteCall(wallet, r.route!);
    expect((await sent(merchant, r.refundId, hash)).body.data.status).toBe("confirmed");
    expect(await balanceOf(route)).toBe(10_000_000n);
  });

  it("a wallet that does not own the route cannot refund from it: the call reverts on chain and the route keeps the money", async () => {
    const { merchant, route, paymentId } = await paidIntoRoute();
    const r = (await init(merchant, { paymentId })).body.data as RefundInstructionDto;
    const stranger = await fundedEvmAccount(suite.f, A);
    const attempt = walletOf(stranger).sendTransaction({ to: r.route!.to as Address, data: r.route!.data as Hex, account: stranger, chain: walletOf(stranger).chain });
    await expect(attempt).rejects.toBeInstanceOf(BaseError);
    // Decoded with the route's ABI: OpenZeppelin's owner check is what refuses it.
    const simulated = chain().client.simulateContract({ address: route, abi: routeAbi, functionName: "refund", args: [chain().sandbox.tokens.USDC, stranger.address, 12_500_000n, r.reference as Hex], account: stranger });
    await expect(simulated).rejects.toThrow(/OwnableUnauthorizedAccount/);
    expect(await balanceOf(route)).toBe(12_500_000n);
  });

  it("keeps another merchant away from the route refund and the payment", async () => {
    const { merchant, wallet, paymentId } = await paidIntoRoute();
    const other = await signInMerchant(suite.f.app);
    expect((await init(other, { paymentId })).status).toBe(404);
    expect((await callJson(suite.f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, other.auth)).status).toBe(404);
    const r = (await init(merchant, { paymentId })).body.data as RefundInstructionDto;
    const hash = await sendRouteCall(wallet, r.route!);
    expect((await sent(other, r.refundId, hash)).status).toBe(404);
    expect(await status(r.refundId)).toBe("requested");
    expect((await sent(merchant, r.refundId, hash)).body.data.status).toBe("confirmed");
  });
});
