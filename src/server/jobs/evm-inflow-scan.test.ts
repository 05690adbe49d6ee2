import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { erc20Abi, type Address } from "viem";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { RefundInstructionDto } from "@/lib/refund";
import { merchantWallets, transactions, unmappedTransfers, users, webhookEvents } from "../db/schema";
import { recordUnmapped } from "../payments/unmapped";
import { TEST_BACKENDS } from "../testing/databases";
import { callJson } from "../testing/call-json";
import { evmWalletOf, fundedEvmAccount, fundedEvmPayer, newEvmAccount, payRelayOf } from "../testing/evm-pay-fixture";
import { evmPaySuite } from "../testing/evm-pay-suite";
import { paidEvmPayment, replaceRouteWallet, routeMerchant, sendEvmRefundBack, sendRouteCall } from "../testing/evm-refunds";
import { signInMerchant } from "../testing/merchants";
import { refreshedListPath } from "../modules/sanctions/list";
import { prove } from "../modules/wallets/test-kit";
import { evmLogCursorStore } from "./evm-log-cursor";
import { EVM_INFLOW_CURSOR_KEY, scanEvmInflows, type EvmInflowScanDeps } from "./evm-inflow-scan";

const A = 31337;

/**
 * The EVM inflow scan on local chain A: a plain ERC-20 transfer into a merchant's receiving
 * address, which no payment claims, is recorded unmapped once final; a fee-proxy payment a
 * watcher credited is not. The merchant sees it in /unmapped, and can refund it or map it.
 */
describe.each(TEST_BACKENDS)("the EVM inflow scan (%s)", (kind) => {
  const suite = evmPaySuite(kind);

  const chain = () => suite.f.chains[A]!;
  const deps = (): EvmInflowScanDeps => ({
    db: suite.database.db,
    client: chain().client as EvmInflowScanDeps["client"],
    chainId: A,
    proxy: chain().sandbox.feeProxy,
    tokens: Object.values(chain().runtime.tokens).map((t) => t.address),
    cursor: evmLogCursorStore(suite.database.db, A, EVM_INFLOW_CURSOR_KEY),
    payments: {},
    log: suite.f.deps.log,
  });
  /** Someone sends `amount` USDC straight to `to` with the token's transfer (no proxy, no reference); the block is made final. */
  async function plainTransfer(to: Address, amount: bigint) {
    const { sandbox, client } = chain();
    const sender = await fundedEvmPayer(suite.f, A, "USDC", amount);
    const wallet = evmWalletOf(suite.f, A, sender);
    const hash = await wallet.writeContract({ address: sandbox.tokens.USDC, abi: erc20Abi, functionName: "transfer", args: [to, amount] });
    await client.waitForTransactionReceipt({ hash });
    await suite.f.mine(A, 3);
    return { sender, hash };
  }
  const grantUnmapped = (userId: string) =>
    suite.database.db
      .update(users)
      .set({ settings: sql`jsonb_set(${users.settings}, '{permissions}', (${users.settings}->'permissions') || '["mapped"]'::jsonb)` })
      .where(eq(users.id, userId));
  const inflowsOf = (userId: string) => suite.database.db.select().from(unmappedTransfers).where(eq(unmappedTransfers.userId, userId));

  it("records a plain transfer into a merchant once, not the payment a watcher credited; the merchant sees it and refunds it", async () => {
    const { merchant, wallet, paymentHash } = await paidEvmPayment(suite.f, suite.database, A);
    await grantUnmapped(merchant.id);
    const { sender, hash } = await plainTransfer(wallet.address, 3_000_000n);
    await scanEvmInflows(deps());
    const rows = await inflowsOf(merchant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ chainId: A, signature: hash, amount: 3_000_000n, payer: sender.address, recipientTokenAccount: wallet.address, tokenAddress: chain().sandbox.tokens.USDC });
    expect(rows.some((r) => r.signature === paymentHash)).toBe(false);
    const events = await suite.database.db.select().from(webhookEvents).where(eq(webhookEvents.userId, merchant.id));
    expect(events.filter((e) => e.type === "payment.unmapped")).toHaveLength(1);
    // Another pass records nothing again.
    await scanEvmInflows(deps());
    expect(await inflowsOf(merchant.id)).toHaveLength(1);

    const listed = await callJson(suite.f.app, "GET", "/api/v2/unmapped", undefined, merchant.auth);
    expect(listed.body.data).toEqual([expect.objectContaining({ _id: rows[0]!.id, chain: A, amount: { value: "3000000", decimals: 6, currency: "USDC" }, sender: sender.address, hash })]);
    // Another merchant sees none of it.
    const other = await signInMerchant(suite.f.app);
    await grantUnmapped(other.id);
    expect((await callJson(suite.f.app, "GET", "/api/v2/unmapped", undefined, other.auth)).body.data).toEqual([]);

    const started = await callJson(suite.f.app, "POST", "/api/v2/refunds/init", { unmappedId: rows[0]!.id }, merchant.auth);
    expect(started.status).toBe(201);
    const r = started.body.data as RefundInstructionDto;
    expect(r).toMatchObject({ amount: "3000000", from: wallet.address, to: sender.address, proxy: chain().sandbox.feeProxy });
    const back = await sendEvmRefundBack(suite.f, wallet, r);
    expect((await callJson(suite.f.app, "POST", `/api/v2/refunds/${r.refundId}/sent`, { signature: back }, merchant.auth)).body.data.status).toBe("confirmed");
    expect(await chain().client.readContract({ address: chain().sandbox.tokens.USDC, abi: erc20Abi, functionName: "balanceOf", args: [sender.address] })).toBe(3_000_000n);
  });

  it("watches a non-custodial merchant's route before any payment named it: a plain transfer into it is recorded, and refunded through the route", async () => {
    const { merchant, account, wallet, route } = await routeMerchant(suite.f, A);
    await grantUnmapped(merchant.id); // refunding an unmapped inflow needs it
    const { sender, hash } = await plainTransfer(route, 2_000_000n);
    await scanEvmInflows(deps());
    const rows = await inflowsOf(merchant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ signature: hash, amount: 2_000_000n, payer: sender.address, recipientTokenAccount: route });

    const r = (await callJson(suite.f.app, "POST", "/api/v2/refunds/init", { unmappedId: rows[0]!.id, refundAmount: "500000" }, merchant.auth)).body.data as RefundInstructionDto;
    expect(r).toMatchObject({ via: "route", from: account.address, to: sender.address, proxy: null, route: { to: route } });
    const back = await sendRouteCall(suite.f, wallet, r.route!);
    expect((await callJson(suite.f.app, "POST", `/api/v2/refunds/${r.refundId}/sent`, { signature: back }, merchant.auth)).body.data.status).toBe("confirmed");
    expect(await chain().client.readContract({ address: chain().sandbox.tokens.USDC, abi: erc20Abi, functionName: "balanceOf", args: [sender.address] })).toBe(500_000n);
  });

  it("keeps watching the route of a wallet the merchant replaced: a transfer into the old route is recorded, and refunded from it by the old wallet", async () => {
    const { merchant, account, wallet, route } = await routeMerchant(suite.f, A);
    const next = await replaceRouteWallet(suite.f, merchant, A);
    await grantUnmapped(merchant.id); // refunding an unmapped inflow needs it
    const { sender, hash } = await plainTransfer(route, 3_000_000n);
    const intoNew = await plainTransfer(next.route, 1_000_000n);
    await scanEvmInflows(deps());
    const rows = await inflowsOf(merchant.id);
    expect(rows.map((r) => [r.signature, r.recipientTokenAccount]).sort()).toEqual([[hash, route], [intoNew.hash, next.route]].sort());

    const old = rows.find((r) => r.signature === hash)!;
    const r = (await callJson(suite.f.app, "POST", "/api/v2/refunds/init", { unmappedId: old.id }, merchant.auth)).body.data as RefundInstructionDto;
    expect(r).toMatchObject({ via: "route", from: account.address, to: sender.address, route: { to: route } });
    const back = await sendRouteCall(suite.f, wallet, r.route!);
    expect((await callJson(suite.f.app, "POST", `/api/v2/refunds/${r.refundId}/sent`, { signature: back }, merchant.auth)).body.data.status).toBe("confirmed");
  });

  it("an inflow recorded unmapped can be mapped to the merchant's open payment, which it then pays", async () => {
    const { merchant, wallet } = await paidEvmPayment(suite.f, suite.database, A);
    await grantUnmapped(merchant.id);
    const link = (await callJson(suite.f.app, "POST", "/api/quick-pays/create", { label: "Tea", price: "12.5", currency: "USDC" }, merchant.auth)).body.data.info;
    const payer = newEvmAccount();
    const open = (await callJson(suite.f.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: A, token: "USDC", payer: payer.address, sessionId: `s-${payer.address}` })).body
      .data as PaymentTransactionInfo;
    await plainTransfer(wallet.address, 12_500_000n);
    await scanEvmInflows(deps());
    const [inflow] = await inflowsOf(merchant.id);
    const [payment] = await suite.database.db.select().from(transactions).where(eq(transactions.publicId, open.payment));
    const mapped = await callJson(suite.f.app, "POST", `/api/v2/unmapped/${inflow!.id}/map`, { paymentId: payment!.id }, merchant.auth);
    expect(mapped.status).toBe(200);
    expect((await suite.database.db.select().from(transactions).where(eq(transactions.id, payment!.id)))[0]).toMatchObject({ status: "validated", receivedAmount: 12_500_000n });
    expect(await inflowsOf(merchant.id)).toEqual([]);
  });

  it("money a listed wallet sent through its own relay, with no payment's reference, is recorded with the signer among its parties and held when mapped", async () => {
    const { merchant } = await paidEvmPayment(suite.f, suite.database, A);
    await grantUnmapped(merchant.id);
    const link = (await callJson(suite.f.app, "POST", "/api/quick-pays/create", { label: "Tea", price: "4", currency: "USDC" }, merchant.auth)).body.data.info;
    const clean = newEvmAccount();
    const open = (await callJson(suite.f.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: A, token: "USDC", payer: clean.address, sessionId: `s-${clean.address}` })).body
      .data as PaymentTransactionInfo;
    const listed = await fundedEvmAccount(suite.f, A);
    const relay = await payRelayOf(suite.f, A, listed, "USDC", 4_000_000n);
    const hash = await relay.pay({ ...open, reference: "0x00000000000000ff" }); // a reference no payment has
    await suite.f.mine(A, 3);
    await scanEvmInflows(deps());
    const [inflow] = await inflowsOf(merchant.id);
    expect(inflow).toMatchObject({ signature: hash, amount: 4_000_000n });
    expect(inflow!.payer.toLowerCase()).toBe(relay.address.toLowerCase());
    expect(inflow!.parties.map((p) => p.toLowerCase()).sort()).toEqual([relay.address.toLowerCase(), listed.address.toLowerCase()].sort());

    fs.writeFileSync(refreshedListPath(suite.f.dataDir), JSON.stringify({ source: "test", updatedAt: "", addresses: [listed.address.toLowerCase()] }));
    try {
      await new Promise((r) => setTimeout(r, 1100)); // the list is re-read at most once a second
      const [payment] = await suite.database.db.select().from(transactions).where(eq(transactions.publicId, open.payment));
      const mapped = await callJson(suite.f.app, "POST", `/api/v2/unmapped/${inflow!.id}/map`, { paymentId: payment!.id }, merchant.auth);
      expect(mapped.status).toBe(200);
      expect((await suite.database.db.select().from(transactions).where(eq(transactions.id, payment!.id)))[0]).toMatchObject({ status: "failed", failureReason: "sanctioned" });
    } finally {
      fs.rmSync(refreshedListPath(suite.f.dataDir), { force: true });
    }
  });

  /** Merchant B holds A's address as a typed-in wallet inserted straight in the table: data from before addresses had one owner. */
  async function impostorOf(address: string) {
    const b = await signInMerchant(suite.f.app);
    await grantUnmapped(b.id);
    await suite.database.db.insert(merchantWallets).values({ userId: b.id, chainId: A, family: "evm", chains: [A], address, type: "manual" });
    return b;
  }
  const unmappedEventsOf = async (userId: string) =>
    (await suite.database.db.select().from(webhookEvents).where(eq(webhookEvents.userId, userId))).filter((e) => e.type === "payment.unmapped");
  /** B's open payment: started while B held the address, so it names it. */
  async function openPaymentOf(m: Awaited<ReturnType<typeof signInMerchant>>) {
    const link = (await callJson(suite.f.app, "POST", "/api/quick-pays/create", { label: "Tea", price: "3", currency: "USDC" }, m.auth)).body.data.info;
    const payer = newEvmAccount();
    const open = (await callJson(suite.f.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: A, token: "USDC", payer: payer.address, sessionId: `s-${payer.address}` })).body
      .data as PaymentTransactionInfo;
    return (await suite.database.db.select().from(transactions).where(eq(transactions.publicId, open.payment)))[0]!;
  }

  it("B who attached A's address before the rule (direct DB insert, as old data) does not get A's unmapped inflows nor their webhook, and cannot map them", async () => {
    const { merchant: a, wallet } = await paidEvmPayment(suite.f, suite.database, A);
    const b = await impostorOf(wallet.address);
    const bPayment = await openPaymentOf(b);
    expect(bPayment.recipientTokenAccount).toBe(wallet.address);
    await plainTransfer(wallet.address, 3_000_000n);
    await scanEvmInflows(deps());
    expect(await inflowsOf(b.id)).toEqual([]);
    expect(await unmappedEventsOf(b.id)).toEqual([]);
    // Neither proved the address: nobody gets it (A proves it to have it, next test).
    expect(await inflowsOf(a.id)).toEqual([]);

    // An inflow recorded for B before the rule cannot be mapped onto B's payment.
    const old = await recordUnmapped(suite.database.db, {
      userId: b.id,
      chainId: A,
      tokenAddress: bPayment.tokenAddress,
      recipientTokenAccount: wallet.address,
      signature: `0x${"ab".repeat(32)}`,
      instructionIndex: 0,
      innerIndex: -1,
      source: wallet.address,
      payer: wallet.address,
      amount: 3_000_000n,
      memos: [],
    });
    const mapped = await callJson(suite.f.app, "POST", `/api/v2/unmapped/${old!.row.id}/map`, { paymentId: bPayment.id }, b.auth);
    expect(mapped.status).toBe(409);
    expect(mapped.body.code).toBe("address_not_proven");
    expect((await suite.database.db.select().from(transactions).where(eq(transactions.id, bPayment.id)))[0]).toMatchObject({ status: "initiated", receivedAmount: null });
  });

  it("a merchant who proves a shared address gets its inflows, and may map them; the one who typed it in still gets nothing", async () => {
    const { merchant: a, wallet } = await paidEvmPayment(suite.f, suite.database, A);
    const b = await impostorOf(wallet.address);
    await grantUnmapped(a.id);
    // A signs for the address (Settings › Deposits: change address with the connected wallet).
    const { proof } = await prove(suite.f.app, a.auth, A, { address: wallet.address, sign: (message) => wallet.signMessage({ message }) });
    const proved = await callJson(suite.f.app, "POST", "/api/wallet/networks/update-address", { address: wallet.address, chain: A, type: "metamask", proof, version: 1 }, a.auth);
    expect(proved.status).toBe(200);
    expect(proved.body.data.wallet.proven).toBe(true);

    const aPayment = await openPaymentOf(a);
    const { hash } = await plainTransfer(wallet.address, 3_000_000n);
    await scanEvmInflows(deps());
    const rows = await inflowsOf(a.id);
    expect(rows).toMatchObject([{ signature: hash, amount: 3_000_000n, recipientTokenAccount: wallet.address }]);
    expect(await unmappedEventsOf(a.id)).toHaveLength(1);
    expect(await inflowsOf(b.id)).toEqual([]);
    expect(await unmappedEventsOf(b.id)).toEqual([]);
    const mapped = await callJson(suite.f.app, "POST", `/api/v2/unmapped/${rows[0]!.id}/map`, { paymentId: aPayment.id }, a.auth);
    expect(mapped.status).toBe(200);
  });
});
