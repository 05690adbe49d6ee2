import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { Keypair } from "@solana/web3.js";
import { Webhook } from "standardwebhooks";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { evmLogCursors, merchantWallets, paymentCredits, paymentFactLog, transactions } from "../../db/schema";
import { TEST_BACKENDS } from "../../testing/databases";
import { until, webhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";
import { callJson } from "../../testing/pay-fixture";
import { evmMerchantWithLink, fundedEvmAccount, fundedEvmPayer, newEvmAccount, payEvm, payRelayOf } from "../../testing/evm-pay-fixture";
import { evmPaySuite } from "../../testing/evm-pay-suite";
import { signInMerchant } from "../../testing/merchants";
import { refreshedListPath } from "../sanctions/list";
import { restOf, underpaidOf } from "@/components/pay/pay-result";
import { MERCHANT_CANNOT_RECEIVE, SANCTION_FAILED, TOKEN_NOT_ACCEPTED } from "./start";

const A = 31337;
const B = 31338;

/**
 * Paying a zLink on the two local EVM chains, for real: the payer approves Request Network's
 * ERC20FeeProxy and pays through it with the payment's reference; the watcher reads the proxy's
 * logs, the token's Transfer names the payer, anvil's finalized tag (two blocks behind) validates.
 */
describe.each(TEST_BACKENDS)("paying a zLink on the local EVM chains (%s)", (kind) => {
  const suite = evmPaySuite(kind);
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    hooks = await webhookReceiver([200]);
  });
  afterAll(() => hooks?.close());

  const start = (id: string, chainId: number, token: string, payer: string | undefined, extra: Record<string, unknown> = {}) =>
    callJson(suite.f.payments, "POST", `/api/pay/${id}/start`, { chainId, token, payer, sessionId: `session-${(payer ?? "none").slice(0, 14)}-${chainId}`, ...extra });
  const started = async (id: string, chainId: number, token: string, payer: string, extra: Record<string, unknown> = {}) => {
    const res = await start(id, chainId, token, payer, extra);
    if (res.status !== 200) throw new Error(`start failed: ${JSON.stringify(res.body)}`);
    return res.body.data as PaymentTransactionInfo;
  };
  const progress = async (payment: string) => (await callJson(suite.f.payments, "GET", `/api/pay/transactions/${payment}`)).body?.data;
  const row = async (publicId: string) => (await suite.database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]!;
  const credits = async (publicId: string) => suite.database.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, (await row(publicId)).id));
  const factLog = async (publicId: string) => suite.database.db.select().from(paymentFactLog).where(eq(paymentFactLog.transactionId, (await row(publicId)).id));
  const statusBecomes = (payment: string, status: string) =>
    until(async () => ((await progress(payment))?.status === status ? progress(payment) : undefined), `${payment} ${status}`);
  const hooksOf = (payment: string) => hooks.requests.map((r) => JSON.parse(r.body)).filter((b) => b.data.publicId === payment);
  const hookTypesBecome = (payment: string, count: number) =>
    until(() => {
      const got = hooksOf(payment);
      return got.length >= count ? got.map((b) => b.type as string) : undefined;
    }, `${count} webhooks of ${payment}`);

  it("a payer pays USDC on chain A: the start names the proxy, paid at the first confirmation, validated at the finalized tag, signed webhooks, the merchant's table", async () => {
    const { merchant, receiving, secret, link } = await evmMerchantWithLink(suite.f, { label: "Coffee beans", price: "12.5", currency: "USDC" }, { endpoint: hooks.url });
    const product = await callJson(suite.f.payments, "GET", `/api/pay/${link.hashedId}`);
    expect(product.body.data.options).toEqual([
      { chainId: A, chainName: "Local EVM A", tokens: [{ symbol: "USDC", address: suite.f.chains[A]!.sandbox.tokens.USDC, decimals: 6 }, { symbol: "USDT", address: suite.f.chains[A]!.sandbox.tokens.USDT, decimals: 6 }] },
      { chainId: B, chainName: "Local EVM B", tokens: [{ symbol: "USDC", address: suite.f.chains[B]!.sandbox.tokens.USDC, decimals: 6 }, { symbol: "USDT", address: suite.f.chains[B]!.sandbox.tokens.USDT, decimals: 18 }] },
    ]);

    const payer = await fundedEvmPayer(suite.f, A, "USDC", 50_000_000n);
    // The payer's address in lowercase is the same wallet: it is stored checksummed.
    const info = await started(link.hashedId, A, "USDC", payer.address.toLowerCase(), { sessionId: "session-evm-resume" });
    expect(info).toMatchObject({
      chain: A,
      recipient: receiving,
      address: receiving,
      tokenAddress: suite.f.chains[A]!.sandbox.tokens.USDC,
      decimals: 6,
      amount: "12.5",
      amountWei: "12500000",
      memo: "",
      proxy: suite.f.chains[A]!.sandbox.feeProxy,
    });
    expect(info.reference).toMatch(/^0x[0-9a-f]{16}$/);
    expect(info.createRecipientAccount).toBeUndefined();
    expect(await row(info.payment)).toMatchObject({ token: "USDC", startedBy: payer.address, memo: null, chainId: A });
    // Resuming from the same session and wallet (any spelling) answers the same payment.
    expect((await started(link.hashedId, A, "USDC", payer.address, { sessionId: "session-evm-resume" })).payment).toBe(info.payment);
    // The same session on the other chain is another payment (the sandbox chains share token addresses).
    const onB = await started(link.hashedId, B, "USDC", payer.address, { sessionId: "session-evm-resume" });
    expect(onB.payment).not.toBe(info.payment);
    expect(onB.chain).toBe(B);

    const hash = await payEvm(suite.f, payer, info);
    expect(await statusBecomes(info.payment, "paid")).toMatchObject({ hash, payer: payer.address, receivedAmount: "12500000" });
    expect((await credits(info.payment)).map((c) => [c.signature, c.finalized])).toEqual([[hash, false]]);

    await suite.f.mine(A, 2); // anvil's finalized tag is two blocks behind the head
    expect(await statusBecomes(info.payment, "validated")).toEqual({
      payment: info.payment,
      status: "validated",
      hash,
      payer: payer.address,
      receivedAmount: "12500000",
      requestedAmount: "12500000",
      amountDue: "0",
      decimals: 6,
      expiresAt: expect.any(String),
      explorerUrl: `http://pay.test/tx/${A}/${hash}`,
    });
    expect((await credits(info.payment)).map((c) => c.finalized)).toEqual([true]);

    const types = await hookTypesBecome(info.payment, 2);
    expect(types.sort()).toEqual(["payment.paid", "payment.validated"]);
    const verifier = new Webhook(secret!);
    for (const r of hooks.requests.filter((x) => JSON.parse(x.body).data.publicId === info.payment)) {
      const event = verifier.verify(r.body, r.headers as Record<string, string>) as { data: { hash: string; chain: number; from: string } };
      expect(event.data).toMatchObject({ hash, chain: A, from: payer.address });
    }
    const list = await callJson(suite.f.app, "GET", "/api/quick-pays", undefined, merchant.auth);
    expect(list.body.data[0].paymentInfo).toMatchObject({ status: "validated", hash, payer: payer.address, chain: A });
  });

  it("a payer pays USDT on chain B in its 18 decimals, to the EVM address the merchant attached on chain A", async () => {
    const { receiving, link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "12.5", currency: "USDC" }, { endpoint: hooks.url }, A);
    const payer = await fundedEvmPayer(suite.f, B, "USDT", 20n * 10n ** 18n);
    const info = await started(link.hashedId, B, suite.f.chains[B]!.sandbox.tokens.USDT, payer.address);
    expect(info).toMatchObject({
      chain: B,
      recipient: receiving,
      tokenAddress: suite.f.chains[B]!.sandbox.tokens.USDT,
      decimals: 18,
      amount: "12.5",
      amountWei: "12500000000000000000",
      proxy: suite.f.chains[B]!.sandbox.feeProxy,
    });
    expect(await row(info.payment)).toMatchObject({ token: "USDT", decimals: 18, requestedAmount: 12_500_000_000_000_000_000n });
    const hash = await payEvm(suite.f, payer, info);
    await statusBecomes(info.payment, "paid");
    await suite.f.mine(B, 2);
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ hash, receivedAmount: "12500000000000000000", explorerUrl: `http://pay.test/tx/${B}/${hash}` });
    const events = await until(() => (hooksOf(info.payment).length >= 2 ? hooksOf(info.payment) : undefined), "USDT webhooks");
    expect(events[0].data).toMatchObject({ chain: B, token: "USDT", requestedAmount: { value: "12500000000000000000", decimals: 18, currency: "USDT" } });
  });

  it("refuses a start it cannot take: bad or missing EVM payer, unknown token or chain, a merchant with no EVM wallet; creates nothing", async () => {
    const { link } = await evmMerchantWithLink(suite.f);
    const before = (await suite.database.db.select().from(transactions)).length;
    const invalid = { code: "invalid_wallet_address", message: "Invalid wallet address. Please double-check and try again." };
    expect(await start(link.hashedId, A, "USDC", "0x1234")).toMatchObject({ status: 400, body: invalid });
    expect(await start(link.hashedId, A, "USDC", `0x${"g".repeat(40)}`)).toMatchObject({ status: 400, body: invalid });
    expect(await start(link.hashedId, A, "USDC", Keypair.generate().publicKey.toBase58())).toMatchObject({ status: 400, body: invalid });
    // No QR path on EVM: the payer connects a wallet.
    expect(await start(link.hashedId, A, "USDC", undefined)).toMatchObject({ status: 400, body: { code: "payer_required", message: "Wallet Address required" } });
    const payer = newEvmAccount().address;
    expect(await start(link.hashedId, A, "DAI", payer)).toMatchObject({ status: 400, body: { code: "unsupported_token", message: TOKEN_NOT_ACCEPTED } });
    expect(await start(link.hashedId, A, newEvmAccount().address, payer)).toMatchObject({ status: 400, body: { code: "unsupported_token" } });
    expect(await start(link.hashedId, 1, "USDC", payer)).toMatchObject({ status: 400, body: { code: "unsupported_chain" } });
    expect(await start(link.hashedId, -5001, "USDC", payer)).toMatchObject({ status: 400, body: { code: "unsupported_chain" } });

    // A merchant whose only wallet is a Solana one cannot be paid on EVM.
    const solanaOnly = await signInMerchant(suite.f.app);
    await suite.database.db.insert(merchantWallets).values({ userId: solanaOnly.id, chainId: -5001, family: "solana", chains: [-5001], address: Keypair.generate().publicKey.toBase58(), type: "manual" });
    const theirs = await callJson(suite.f.app, "POST", "/api/quick-pays/create", { label: "Tip", price: "3", currency: "USDC" }, solanaOnly.auth);
    expect(await start(theirs.body.data.info.hashedId, A, "USDC", payer)).toMatchObject({ status: 409, body: { message: MERCHANT_CANNOT_RECEIVE } });
    expect((await suite.database.db.select().from(transactions)).length).toBe(before);
  });

  it("screens EVM payers case-insensitively: a listed wallet is refused at start, and its money is held when it pays someone else's start", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "5", currency: "USDC" }, { endpoint: hooks.url });
    const listed = await fundedEvmPayer(suite.f, A, "USDC", 10_000_000n);
    fs.writeFileSync(refreshedListPath(suite.f.dataDir), JSON.stringify({ source: "test", updatedAt: "", addresses: [listed.address.toLowerCase()] }));
    await new Promise((r) => setTimeout(r, 1100)); // the list is re-read at most once a second
    expect(await start(link.hashedId, A, "USDC", listed.address)).toMatchObject({ status: 403, body: { code: "sanctioned_wallet", message: SANCTION_FAILED } });

    const clean = newEvmAccount();
    const info = await started(link.hashedId, A, "USDC", clean.address);
    await payEvm(suite.f, listed, info);
    expect(await statusBecomes(info.payment, "failed")).toMatchObject({ failureReason: "sanctioned" });
    expect((await credits(info.payment)).map((c) => c.held)).toEqual([true]);
    expect((await hookTypesBecome(info.payment, 2)).sort()).toEqual(["payment.failed", "payment.held"]);
    fs.rmSync(refreshedListPath(suite.f.dataDir));
  });

  it("a listed wallet paying through its own relay contract is held", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "5", currency: "USDC" }, { endpoint: hooks.url });
    const listed = await fundedEvmAccount(suite.f, A); // gas money only: the tokens sit in the relay
    const relay = await payRelayOf(suite.f, A, listed, "USDC", 5_000_000n);
    fs.writeFileSync(refreshedListPath(suite.f.dataDir), JSON.stringify({ source: "test", updatedAt: "", addresses: [listed.address.toLowerCase()] }));
    try {
      await new Promise((r) => setTimeout(r, 1100)); // the list is re-read at most once a second
      // Started in a clean wallet's name; the listed wallet signs and funds the relay's payment.
      const info = await started(link.hashedId, A, "USDC", newEvmAccount().address);
      const hash = await relay.pay(info);
      const seen = await until(async () => ((await credits(info.payment)).length > 0 ? progress(info.payment) : undefined), "the relay's transfer credited");
      expect(seen).toMatchObject({ status: "failed", failureReason: "sanctioned" });
      // The Transfer names the relay, not the listed wallet: only the transaction's signer gave it away.
      expect((await credits(info.payment)).map((c) => [c.signature, c.held, c.payer?.toLowerCase()])).toEqual([[hash, true, relay.address.toLowerCase()]]);
      expect((await hookTypesBecome(info.payment, 2)).sort()).toEqual(["payment.failed", "payment.held"]);
      await suite.f.mine(A, 2);
      await until(async () => ((await credits(info.payment)).every((c) => c.finalized) ? true : undefined), "the held credit finalized");
      expect(await progress(info.payment)).toMatchObject({ status: "failed", failureReason: "sanctioned" }); // finality does not release it
    } finally {
      fs.rmSync(refreshedListPath(suite.f.dataDir), { force: true });
    }
  });

  it("an underpayment is credited and waits; at expiry it fails underpaid with what arrived", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedEvmPayer(suite.f, A, "USDC", 20_000_000n);
    const ttl = suite.f.deps.env.PAYMENT_TTL_MS;
    suite.f.deps.env.PAYMENT_TTL_MS = 3000;
    const info = await started(link.hashedId, A, "USDC", payer.address);
    suite.f.deps.env.PAYMENT_TTL_MS = ttl;
    const hash = await payEvm(suite.f, payer, info, { amountWei: "9000000" });
    await until(async () => ((await progress(info.payment))?.receivedAmount === "9000000" ? true : undefined), "partial credit");
    expect((await progress(info.payment)).status).toBe("initiated");
    expect(await statusBecomes(info.payment, "failed")).toMatchObject({ hash, receivedAmount: "9000000", amountMismatch: "under", failureReason: "underpaid" });
  });

  it("an underpayment is completed by sending the rest as the pay page computes it (same payment and reference): paid, validated, both transfers credited", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "10", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedEvmPayer(suite.f, A, "USDC", 20_000_000n);
    const info = await started(link.hashedId, A, "USDC", payer.address);
    const first = await payEvm(suite.f, payer, info, { amountWei: "9000000" });
    const partly = await until(async () => {
      const p = await progress(info.payment);
      return p?.receivedAmount === "9000000" ? p : undefined;
    }, "partial credit");
    expect(partly).toMatchObject({ status: "initiated", amountMismatch: "under", requestedAmount: "10000000", amountDue: "1000000", decimals: 6 });

    // What the page reads from that progress and what its wallet then sends (issue 28).
    const underpaid = underpaidOf(partly);
    expect(underpaid).toMatchObject({ received: "9000000", due: "1000000" });
    const rest = restOf(info, underpaid!);
    expect(rest).toEqual({ ...info, amountWei: "1000000", amount: "1" });
    const second = await payEvm(suite.f, payer, rest);

    await statusBecomes(info.payment, "paid");
    await suite.f.mine(A, 2);
    const done = await statusBecomes(info.payment, "validated");
    expect(done).toMatchObject({ receivedAmount: "10000000", amountDue: "0", requestedAmount: "10000000" });
    expect(done.amountMismatch).toBeUndefined();
    expect((await credits(info.payment)).map((c) => c.signature).sort()).toEqual([first, second].sort());
    // One paid and one validated for the two transfers: the partial credit alone sent nothing.
    expect(await hookTypesBecome(info.payment, 2)).toEqual(["payment.paid", "payment.validated"]);
    await new Promise((r) => setTimeout(r, 300));
    expect(hooksOf(info.payment)).toHaveLength(2);
  });

  it("an overpayment is accepted and marked over", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedEvmPayer(suite.f, A, "USDC", 20_000_000n);
    const info = await started(link.hashedId, A, "USDC", payer.address);
    await payEvm(suite.f, payer, info, { amountWei: "11000000" });
    await statusBecomes(info.payment, "paid");
    await suite.f.mine(A, 2);
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ receivedAmount: "11000000", amountMismatch: "over" });
  });

  it("the wrong token, or the reference paying another address, is logged and never credited", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "10", currency: "USDC" });
    const payer = await fundedEvmPayer(suite.f, A, "USDC", 20_000_000n);
    await suite.f.chains[A]!.sandbox.mintTokens(payer.address, suite.f.chains[A]!.sandbox.tokens.USDT, 20_000_000n);
    const info = await started(link.hashedId, A, "USDC", payer.address);
    const wrongToken = await payEvm(suite.f, payer, info, { tokenAddress: suite.f.chains[A]!.sandbox.tokens.USDT });
    const wrongRecipient = await payEvm(suite.f, payer, info, { recipient: newEvmAccount().address });
    const logged = await until(async () => {
      const rows = await factLog(info.payment);
      return rows.length >= 2 ? rows : undefined;
    }, "both rejected facts logged");
    expect(logged.map((r) => [r.signature, r.reason]).sort()).toEqual(
      [
        [wrongToken, "wrong_mint"],
        [wrongRecipient, "wrong_recipient"],
      ].sort(),
    );
    expect((await progress(info.payment)).status).toBe("initiated");
    expect(await credits(info.payment)).toEqual([]);
  });

  it("the same log read twice (the cursor rewound, the watcher restarted) is credited once, its webhooks sent once", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "4", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedEvmPayer(suite.f, A, "USDC", 10_000_000n);
    const info = await started(link.hashedId, A, "USDC", payer.address);
    const hash = await payEvm(suite.f, payer, info);
    await statusBecomes(info.payment, "paid");
    await suite.f.stopWatcher(A);
    // The whole chain is read again from block 0 (a rewound cursor); the same log comes back.
    await suite.database.db.update(evmLogCursors).set({ blockNumber: 0n }).where(eq(evmLogCursors.chainId, A));
    await suite.f.mine(A, 2);
    const again = await suite.f.startWatcher(A);
    await again.pollNow();
    await statusBecomes(info.payment, "validated");
    await again.pollNow();
    expect((await credits(info.payment)).map((c) => c.signature)).toEqual([hash]);
    await hookTypesBecome(info.payment, 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(hooksOf(info.payment).map((b) => b.type).sort()).toEqual(["payment.paid", "payment.validated"]);
  });

  it("a reorg before validation withdraws the credit: the payment goes back to initiated and says so; paid again, it validates", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "6", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedEvmPayer(suite.f, A, "USDC", 20_000_000n);
    const info = await started(link.hashedId, A, "USDC", payer.address);
    const first = await payEvm(suite.f, payer, info);
    await statusBecomes(info.payment, "paid");

    // The payment's block is replaced by an empty one at the same height: the transaction is gone.
    await suite.f.chains[A]!.test.request({ method: "anvil_reorg" as never, params: [1, []] as never });
    expect(await suite.f.chains[A]!.client.getTransactionReceipt({ hash: first }).catch(() => undefined)).toBeUndefined();
    expect(await statusBecomes(info.payment, "initiated")).toEqual({
      payment: info.payment,
      status: "initiated",
      receivedAmount: "0",
      failureReason: "transfer_removed",
      requestedAmount: "6000000",
      amountDue: "6000000",
      decimals: 6,
      expiresAt: expect.any(String),
    });
    expect(await credits(info.payment)).toEqual([]);
    const removed = (await factLog(info.payment)).filter((r) => r.kind === "transfer-removed");
    expect(removed.map((r) => [r.signature, r.reason])).toEqual([[first, "transfer_removed"]]);
    expect(await hookTypesBecome(info.payment, 2)).toEqual(["payment.paid", "payment.reverted"]);

    const second = await payEvm(suite.f, payer, info);
    await statusBecomes(info.payment, "paid");
    await suite.f.mine(A, 2);
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ hash: second, receivedAmount: "6000000" });
    expect((await row(info.payment)).failureReason).toBeNull();
    expect(await hookTypesBecome(info.payment, 4)).toEqual(["payment.paid", "payment.reverted", "payment.paid", "payment.validated"]);
  });

  it("a payment made while the watcher was down is credited by the catch-up from its cursor, already final", async () => {
    const { link } = await evmMerchantWithLink(suite.f, { label: "Tea", price: "3", currency: "USDC" });
    const payer = await fundedEvmPayer(suite.f, B, "USDC", 10_000_000n);
    const info = await started(link.hashedId, B, "USDC", payer.address);
    await suite.f.stopWatcher(B);
    const hash = await payEvm(suite.f, payer, info);
    await suite.f.mine(B, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect((await progress(info.payment)).status).toBe("initiated");
    await suite.f.startWatcher(B);
    expect(await statusBecomes(info.payment, "validated")).toMatchObject({ hash, receivedAmount: "3000000" });
  });

  it("a second merchant sees none of the first one's payment: not in their links, not in their webhook deliveries", async () => {
    const first = await evmMerchantWithLink(suite.f, { label: "Mine", price: "2", currency: "USDC" }, { endpoint: hooks.url });
    const payer = await fundedEvmPayer(suite.f, A, "USDC", 5_000_000n);
    const info = await started(first.link.hashedId, A, "USDC", payer.address);
    await payEvm(suite.f, payer, info);
    await statusBecomes(info.payment, "paid");
    await until(() => (hooksOf(info.payment).length > 0 ? true : undefined), "the first merchant's webhook");

    const second = await evmMerchantWithLink(suite.f, { label: "Theirs", price: "2", currency: "USDC" }, { endpoint: hooks.url });
    const links = await callJson(suite.f.app, "GET", "/api/quick-pays", undefined, second.merchant.auth);
    expect(links.status).toBe(200);
    expect(JSON.stringify(links.body)).not.toContain(info.payment);
    expect(links.body.data.map((l: { label: string }) => l.label)).toEqual(["Theirs"]);
    expect(links.body.data[0].paymentInfo ?? null).toBeNull();
    const deliveries = await callJson(suite.f.app, "GET", "/api/integrations/deliveries", undefined, second.merchant.auth);
    expect(deliveries.status).toBe(200);
    expect(JSON.stringify(deliveries.body)).not.toContain(info.payment);
    // The first merchant does see it.
    const own = await callJson(suite.f.app, "GET", "/api/quick-pays", undefined, first.merchant.auth);
    expect(own.body.data[0].paymentInfo).toMatchObject({ chain: A, status: "paid" });
    const rows = await suite.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, second.merchant.id), eq(transactions.publicId, info.payment)));
    expect(rows).toEqual([]);
  });
});
