import { describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, type Address, type Hex } from "viem";
import type { RefundBalanceDto, RefundInstructionDto } from "@/lib/refund";
import { routeAbi } from "../../chains/evm/route-abi";
import { TEST_BACKENDS } from "../../testing/databases";
import { callJson } from "../../testing/pay-fixture";
import { fundedEvmAccount } from "../../testing/evm-pay-fixture";
import { evmPaySuite } from "../../testing/evm-pay-suite";
import { payLinkAfterDust, routeMerchant, sendEvmRefundBack, sendRouteCall } from "../../testing/evm-refunds";
import { signInMerchant } from "../../testing/merchants";
import { attachWalletAndLink } from "../../testing/pay-apps";

const A = 31337;
const PRICE = 12_500_000n;
type Merchant = { auth: Record<string, string> };

/**
 * Where an EVM refund goes, for real on local chain A: a stranger who front-runs the payer with 1
 * base unit and the payment's reference (seen in the mempool) does not get the merchant's refund,
 * whether it leaves from the merchant's wallet (fee proxy) or its route contract; it can only be
 * sent its own dust back.
 */
describe.each(TEST_BACKENDS)("the refund's destination on the local EVM chain (%s)", (kind) => {
  const suite = evmPaySuite(kind);
  const chain = () => suite.f.chains[A]!;
  const balanceOf = (owner: Address) => chain().client.readContract({ address: chain().sandbox.tokens.USDC, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
  const init = (m: Merchant, body: Record<string, unknown>) => callJson(suite.f.app, "POST", "/api/v2/refunds/init", body, m.auth);
  const feasibility = async (m: Merchant, paymentId: string) => (await callJson(suite.f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, m.auth)).body.data as RefundBalanceDto;
  const sent = (m: Merchant, refundId: string, signature: string) => callJson(suite.f.app, "POST", `/api/v2/refunds/${refundId}/sent`, { signature }, m.auth);

  /** A merchant whose receiving wallet is a key the test holds, paid after a stranger's dust. */
  async function walletPaidAfterDust() {
    const merchant = await signInMerchant(suite.f.app);
    const wallet = await fundedEvmAccount(suite.f, A);
    const { link } = await attachWalletAndLink(suite.f, merchant, { address: wallet.address, chain: A, type: "manual", version: 1 }, { label: "Coffee beans", price: "12.5", currency: "USDC" });
    return { merchant, wallet, ...(await payLinkAfterDust(suite.f, suite.database, A, link.hashedId)) };
  }

  it("dust sent first with the reference does not steer the refund (merchant's wallet)", async () => {
    const { merchant, wallet, payer, stranger, paymentId } = await walletPaidAfterDust();
    const started = await init(merchant, { paymentId });
    expect(started.status).toBe(201);
    const r = started.body.data as RefundInstructionDto;
    expect(r).toMatchObject({ via: "proxy", to: payer.address, destinationTokenAccount: payer.address, amount: PRICE.toString() });

    const before = await balanceOf(payer.address);
    const hash = await sendEvmRefundBack(suite.f, wallet, r);
    expect((await sent(merchant, r.refundId, hash)).body.data.status).toBe("confirmed");
    expect(await balanceOf(payer.address)).toBe(before + PRICE);
    expect(await balanceOf(stranger.address)).toBe(999n);
  });

  it("dust sent first with the reference does not steer the refund (route contract)", async () => {
    const { merchant, wallet, route } = await routeMerchant(suite.f, A);
    const link = (await callJson(suite.f.app, "POST", "/api/quick-pays/create", { label: "Coffee beans", price: "12.5", currency: "USDC" }, merchant.auth)).body.data.info;
    const { payer, stranger, paymentId } = await payLinkAfterDust(suite.f, suite.database, A, link.hashedId);
    expect(await balanceOf(route)).toBe(PRICE + 1n);

    const r = (await init(merchant, { paymentId })).body.data as RefundInstructionDto;
    expect(r).toMatchObject({ via: "route", to: payer.address, amount: PRICE.toString() });
    expect(r.route).toEqual({ to: route, data: encodeFunctionData({ abi: routeAbi, functionName: "refund", args: [chain().sandbox.tokens.USDC, payer.address, PRICE, r.reference as Hex] }) });
    const before = await balanceOf(payer.address);
    expect((await sent(merchant, r.refundId, await sendRouteCall(suite.f, wallet, r.route!))).body.data.status).toBe("confirmed");
    expect(await balanceOf(payer.address)).toBe(before + PRICE);
    expect(await balanceOf(route)).toBe(1n);

    // The stranger's own dust can go back to it through the route, and nothing more.
    const over = await init(merchant, { paymentId, to: stranger.address, refundAmount: "2" });
    expect(over.body).toMatchObject({ code: "above_available" });
    const dust = (await init(merchant, { paymentId, to: stranger.address.toLowerCase() })).body.data as RefundInstructionDto;
    expect(dust).toMatchObject({ to: stranger.address, amount: "1" });
    expect((await sent(merchant, dust.refundId, await sendRouteCall(suite.f, wallet, dust.route!))).body.data.status).toBe("confirmed");
    expect(await balanceOf(stranger.address)).toBe(1_000n);
  });

  it("the dust sender can be refunded its own dust (merchant's wallet), and the payer keeps its whole refund", async () => {
    const { merchant, wallet, payer, stranger, paymentId } = await walletPaidAfterDust();
    expect((await feasibility(merchant, paymentId)).senders).toEqual([
      { address: payer.address, tokenAccount: payer.address, sent: "12500000", available: "12500000", label: "12.5 USDC" },
      { address: stranger.address, tokenAccount: stranger.address, sent: "1", available: "1", label: "0.000001 USDC" },
    ]);
    const r = (await init(merchant, { paymentId, to: stranger.address })).body.data as RefundInstructionDto;
    expect(r).toMatchObject({ to: stranger.address, amount: "1" });
    expect((await sent(merchant, r.refundId, await sendEvmRefundBack(suite.f, wallet, r))).body.data.status).toBe("confirmed");
    expect(await balanceOf(stranger.address)).toBe(1_000n);
    expect(await feasibility(merchant, paymentId)).toMatchObject({ to: payer.address, txAmount: PRICE.toString(), refunded: "1" });
  });
});
