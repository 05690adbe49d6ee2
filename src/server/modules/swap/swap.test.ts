import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { swapFailureOf } from "@/lib/swap-api";
import { paymentMemoInstruction, paymentTransferInstruction } from "@/lib/solana/payment-instructions";
import { sandboxSwapMaker } from "@/sandbox/solana/swap-maker";
import { referenceInstruction } from ".";
import { SwapFailedError, requestSwap, sendSwap, swapRequestFor, type SendVersionedWithWallet } from "@/components/pay/solana/send-swap";
import { createSolanaSwapper } from "@/components/pay/solana/swap-wallet";
import type { SwapAnswer } from "@/lib/swap-api";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { until, webhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";
import { callJson, merchantWithLink, startPayFixture, type PayFixture } from "../../testing/pay-fixture";

const LAMPORTS_PER_SOL = 1_000_000_000n;

describe.each(TEST_BACKENDS)("paying with another Solana token through the sandbox maker (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  let maker: ReturnType<typeof sandboxSwapMaker>;
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    database = await openTestDb(kind);
    hooks = await webhookReceiver([200]);
    f = await startPayFixture(database);
    const local = f.deps.chains.solana!.local!;
    // Injected as the server's start injects it; the routes read deps.swap per request.
    maker = sandboxSwapMaker({ rpcUrl: f.solana.rpcUrl, mints: f.solana.mints, local, prices: "SOL=150,USDT=1" });
    f.deps.swap = maker;
    await maker.ready;
  }, 60_000);
  afterAll(async () => {
    await hooks?.close();
    await f?.stop();
    await database?.close();
  });

  const ataOf = (mint: string, owner: string) => getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true).toBase58();
  const row = async (publicId: string) => (await database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]!;
  const usdcOf = async (tokenAccount: string) => BigInt((await f.connection.getTokenAccountBalance(new PublicKey(tokenAccount), "confirmed")).value.amount);
  const progress = async (payment: string) => (await callJson(f.payments, "GET", `/api/pay/transactions/${payment}`)).body?.data;

  /** A payer holding only SOL (and `usdt` test USDT), who starts paying a fresh link. */
  async function started(price = "12.5", lamports = 2n * LAMPORTS_PER_SOL, usdt = 0n) {
    const shop = await merchantWithLink(f, { label: "Beans", price, currency: "USDC" }, { endpoint: hooks.url });
    const payer = Keypair.generate();
    await f.solana.airdrop(payer.publicKey.toBase58(), lamports);
    if (usdt > 0n) await f.solana.mintTokens(payer.publicKey.toBase58(), f.solana.mints.USDT, usdt);
    const answer = await callJson(f.payments, "POST", `/api/pay/${shop.link.hashedId}/start`, {
      chainId: -5001,
      token: "USDC",
      payer: payer.publicKey.toBase58(),
      sessionId: `swap-${payer.publicKey.toBase58().slice(0, 10)}`,
    });
    expect(answer.status).toBe(200);
    return { ...shop, payer, info: answer.body.data as PaymentTransactionInfo };
  }

  const swapBody = (info: PaymentTransactionInfo, payer: Keypair, over: Record<string, unknown> = {}) => ({
    paymentId: info.payment,
    fromAsset: "SOL",
    toAsset: "USDC",
    currentAmount: info.amountWei,
    userPublicWalletKey: payer.publicKey.toBase58(),
    merchantUSDCTokenAccount: info.address,
    ...over,
  });
  const askSwap = (body: Record<string, unknown>) => callJson(f.payments, "POST", "/api/v2/jupiter/swap", body);

  /** Signs the maker-signed transaction as the payer and sends it; answers the signature once confirmed. */
  async function signAndSend(base64: string, payer: Keypair): Promise<string> {
    const tx = VersionedTransaction.deserialize(Buffer.from(base64, "base64"));
    tx.sign([payer]);
    const signature = await f.connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
    const { blockhash, lastValidBlockHeight } = { blockhash: tx.message.recentBlockhash, lastValidBlockHeight: Number.MAX_SAFE_INTEGER };
    await f.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
    return signature;
  }

  it("a payer holding only SOL pays a USDC link in one transaction: exactly the amount due reaches the merchant, the payment is paid as a Swap", async () => {
    const { merchant, receiving, payer, info } = await started("12.5");
    expect(info.address).toBe(ataOf(f.solana.mints.USDC, receiving));
    const before = await usdcOf(info.address);
    const payerLamportsBefore = BigInt(await f.connection.getBalance(payer.publicKey, "confirmed"));

    const answer = await askSwap(swapBody(info, payer));
    expect(answer.status).toBe(200);
    // 12.5 USDC at 150 USD per SOL: 0.0833333333… SOL, rounded up to the lamport in the maker's favour.
    expect(answer.body).toMatchObject({
      success: true,
      data: expect.any(String),
      quote: { provider: "sandbox-maker", fromAsset: "SOL", inAmount: "83333334", maxInAmount: "83750001", outAmount: "12500000", slippageBps: 50, priceImpactPct: "0" },
    });
    expect(Date.parse(answer.body.quote.expiresAt)).toBeGreaterThan(Date.now());
    // The swap is recorded on the payment as soon as it is built.
    expect((await row(info.payment)).swap).toEqual({ type: "swap", token: "SOL", payer: payer.publicKey.toBase58() });

    // A v0 transaction, paid by the payer, already signed by the maker; the reference is one of its keys.
    const tx = VersionedTransaction.deserialize(Buffer.from(answer.body.data, "base64"));
    expect(tx.version).toBe(0);
    expect(tx.message.staticAccountKeys[0]!.toBase58()).toBe(payer.publicKey.toBase58());
    expect(tx.message.staticAccountKeys.map((k) => k.toBase58())).toContain(info.reference);
    expect(tx.message.staticAccountKeys[1]!.toBase58()).toBe(maker.maker);

    const signature = await signAndSend(answer.body.data, payer);
    const paid = await until(async () => ((await progress(info.payment))?.status === "paid" || (await progress(info.payment))?.status === "validated" ? progress(info.payment) : undefined), "paid");
    expect(paid).toMatchObject({ hash: signature, receivedAmount: "12500000", amountDue: "0" });
    expect(await usdcOf(info.address)).toBe(before + 12_500_000n);
    const spent = payerLamportsBefore - BigInt(await f.connection.getBalance(payer.publicKey, "confirmed"));
    expect(spent).toBe(83_333_334n + 10_000n); // the SOL given and two signatures' fees, nothing more
    const paidRow = await row(info.payment);
    expect(paidRow).toMatchObject({ swap: { type: "swap", token: "SOL" }, receivedAmount: 12_500_000n, amountMismatch: null });
    // The maker signed the USDC transfer, but the money was the payer's: the payer is shown, and a refund goes back to it.
    expect(paidRow.payer).toBe(payer.publicKey.toBase58());
    const feasible = await callJson(f.app, "POST", "/api/v2/refunds/feasibility", { paymentId: paidRow.id }, merchant.auth);
    expect(feasible.status).toBe(200);
    expect(feasible.body.data.to).toBe(payer.publicKey.toBase58());

    // The merchant's table shows the payment as a Swap of SOL.
    const list = await callJson(f.app, "GET", "/api/quick-pays", undefined, merchant.auth);
    expect(list.body.data[0].paymentInfo).toMatchObject({ hash: signature });
    expect(list.body.data[0].paymentInfo.swap).toEqual({ type: "swap", token: "SOL" }); // the wallet kept for refunds is not shown

    // The merchant's webhook says how it was paid.
    const paidHook = await until(() => hooks.requests.map((r) => JSON.parse(r.body)).find((e) => e.type === "payment.paid" && e.data.publicId === info.payment), "payment.paid");
    expect(paidHook.data).toMatchObject({ hash: signature, swap: { type: "swap", token: "SOL" } });

    // A paid payment takes no further swap.
    const again = await askSwap(swapBody(info, payer));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("payment_closed");
  });

  it("a payer holding test USDT pays a USDC payment through the maker", async () => {
    const { payer, info } = await started("3", LAMPORTS_PER_SOL / 10n, 5_000_000n);
    const answer = await askSwap(swapBody(info, payer, { fromAsset: f.solana.mints.USDT }));
    expect(answer.status).toBe(200);
    expect(answer.body.quote).toMatchObject({ fromAsset: "USDT", inAmount: "3000000", outAmount: "3000000" });
    await signAndSend(answer.body.data, payer);
    await until(async () => ((await progress(info.payment))?.receivedAmount === "3000000" ? true : undefined), "credited");
    expect(await usdcOf(ataOf(f.solana.mints.USDT, payer.publicKey.toBase58()))).toBe(2_000_000n);
    expect((await row(info.payment)).swap).toMatchObject({ type: "swap", token: "USDT", payer: payer.publicKey.toBase58() });
  });

  it("refuses a swap that would steer money elsewhere, for another amount, wallet or token, and records nothing", async () => {
    const mine = await started("20");
    const other = await started("20");
    const cases: [Record<string, unknown>, number, string][] = [
      // A stranger's (or the second merchant's) own account as destination of the first merchant's payment.
      [{ merchantUSDCTokenAccount: other.info.address }, 403, "swap_destination_refused"],
      [{ merchantUSDCTokenAccount: ataOf(f.solana.mints.USDC, Keypair.generate().publicKey.toBase58()) }, 403, "swap_destination_refused"],
      [{ currentAmount: "19999999" }, 400, "swap_amount_mismatch"],
      [{ currentAmount: "20000001" }, 400, "swap_amount_mismatch"],
      [{ toAsset: "USDT" }, 400, "swap_wrong_token"],
      [{ fromAsset: "USDC" }, 400, "swap_same_token"],
      [{ fromAsset: "BONK" }, 422, "swap_no_route"],
      [{ userPublicWalletKey: other.payer.publicKey.toBase58() }, 403, "swap_other_payer"],
      [{ userPublicWalletKey: "not-a-key-not-a-key-not-a-key-not-a-key" }, 400, "invalid_wallet_address"],
      [{ paymentId: "nope-nope-nope" }, 404, "payment_not_found"],
      [{ currentAmount: "12.5" }, 400, "invalid_request"],
    ];
    for (const [over, status, code] of cases) {
      const answer = await askSwap(swapBody(mine.info, mine.payer, over));
      expect({ over, status: answer.status, code: answer.body.code }).toEqual({ over, status, code });
    }
    // The second merchant's payment cannot be pointed at the first merchant's account either.
    const crossed = await askSwap(swapBody(other.info, other.payer, { merchantUSDCTokenAccount: mine.info.address }));
    expect(crossed.status).toBe(403);
    expect((await row(mine.info.payment)).swap).toBeNull();
    expect((await row(other.info.payment)).swap).toBeNull();
  });

  it("refuses a payer who cannot cover the swap and its fees, and an expired payment", async () => {
    const poor = await started("20", 50_000_000n); // 0.05 SOL for a 0.1333 SOL swap
    const refused = await askSwap(swapBody(poor.info, poor.payer));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("swap_insufficient_balance");

    const late = await started("1");
    await database.db.update(transactions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(transactions.publicId, late.info.payment));
    const expired = await askSwap(swapBody(late.info, late.payer));
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe("payment_expired");
  });

  it("an expired quote is refused by the chain and nothing is credited", async () => {
    const { payer, info } = await started("5");
    const answer = await askSwap(swapBody(info, payer));
    expect(answer.status).toBe(200);
    const last = answer.body.quote.lastValidBlockHeight as number;
    await until(async () => ((await f.connection.getBlockHeight("confirmed")) > last + 1 ? true : undefined), "the quote's blockhash expired");
    const tx = VersionedTransaction.deserialize(Buffer.from(answer.body.data, "base64"));
    tx.sign([payer]);
    const failure = await f.connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" }).then(
      () => "sent",
      (err: Error) => err.message,
    );
    expect(swapFailureOf(failure)).toBe("swap_quote_expired");
    await new Promise((r) => setTimeout(r, 500)); // a few watcher rounds
    expect(await row(info.payment)).toMatchObject({ status: "initiated", receivedAmount: null });
  });

  it("a swap that delivers less than due (built by hand) does not pay the payment", async () => {
    const { payer, info } = await started("8");
    const quote = await maker.quote({ from: maker.asset("SOL")!, outputMint: f.solana.mints.USDC, amountOut: 7_999_999n, payer: payer.publicKey.toBase58(), slippageBps: 0 });
    const built = await maker.build(quote, {
      payer: payer.publicKey.toBase58(),
      destination: info.address,
      outputMint: f.solana.mints.USDC,
      outputDecimals: 6,
      reference: info.reference,
      memo: info.memo,
    });
    await signAndSend(Buffer.from(built.transaction).toString("base64"), payer);
    const seen = await until(async () => ((await progress(info.payment))?.receivedAmount === "7999999" ? progress(info.payment) : undefined), "short credit seen");
    expect(seen.status).toBe("initiated");
    expect(seen.amountDue).toBe("1");
    expect((await row(info.payment)).paidAt).toBeNull();
  });

  it("a payer who asked for a swap but then pays directly with its own USDC: paid, and not shown as a Swap", async () => {
    const { payer, info } = await started("3");
    expect((await askSwap(swapBody(info, payer))).status).toBe(200);
    expect((await row(info.payment)).swap).toMatchObject({ type: "swap", token: "SOL" });
    const owner = payer.publicKey.toBase58();
    await f.solana.mintTokens(owner, f.solana.mints.USDC, 3_000_000n);
    const direct = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: (await f.connection.getLatestBlockhash("confirmed")).blockhash,
      instructions: [paymentTransferInstruction(new PublicKey(ataOf(f.solana.mints.USDC, owner)), payer.publicKey, info), paymentMemoInstruction(payer.publicKey, info.memo)],
    }).compileToV0Message();
    const tx = new VersionedTransaction(direct);
    tx.sign([payer]);
    await signAndSend(Buffer.from(tx.serialize()).toString("base64"), payer);
    const paid = await until(async () => {
      const r = await row(info.payment);
      return r.status === "paid" || r.status === "validated" ? r : undefined;
    }, "the direct payment credited");
    expect(paid).toMatchObject({ swap: null, payer: owner, receivedAmount: 3_000_000n });
  });

  it("the reference a Jupiter swap carries (a zero-lamport self transfer naming it) lands on chain and finds the transaction", async () => {
    const payer = Keypair.generate();
    await f.solana.airdrop(payer.publicKey.toBase58(), LAMPORTS_PER_SOL);
    const reference = Keypair.generate().publicKey;
    const { blockhash } = await f.connection.getLatestBlockhash("confirmed");
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [referenceInstruction(payer.publicKey, reference.toBase58()), paymentMemoInstruction(payer.publicKey, "zpay:ref")],
    }).compileToV0Message();
    const signature = await signAndSend(Buffer.from(new VersionedTransaction(message).serialize()).toString("base64"), payer);
    const found = await f.connection.getSignaturesForAddress(reference, {}, "confirmed");
    expect(found.map((s) => s.signature)).toEqual([signature]);
    expect(found[0]!.err).toBeNull();
  });

  describe("the pay page's swap sender", () => {
    const viaApp = { fetch: ((input: string, init?: RequestInit) => f.payments.request(input, init)) as typeof fetch };
    // What a Wallet Standard wallet does for wallet-adapter's sendTransaction: add its signature, send raw.
    const walletOf =
      (payer: Keypair): SendVersionedWithWallet =>
      async (tx, connection, options) => {
        tx.sign([payer]);
        return connection.sendRawTransaction(tx.serialize(), { preflightCommitment: options?.preflightCommitment });
      };

    it("asks the server, refreshes a stale quote once, sends through the wallet: the payment is paid", async () => {
      const { payer, info } = await started("4");
      const body = swapRequestFor(info, payer.publicKey, "SOL");
      const first = await requestSwap(body, viaApp);
      let refreshed = 0;
      const refresh = async () => {
        refreshed += 1;
        return requestSwap(body, viaApp);
      };
      const sent: string[] = [];
      const later = new Date(Date.parse(first.quote.expiresAt) + 1);
      const { hash, answer } = await sendSwap({
        answer: first,
        refresh,
        connection: f.connection,
        sendTransaction: walletOf(payer),
        onSent: (h) => sent.push(h),
        now: () => later,
      });
      expect(refreshed).toBe(1);
      expect(answer).not.toBe(first);
      expect(sent).toEqual([hash]);
      const paid = await until(async () => ((await progress(info.payment))?.receivedAmount === "4000000" ? progress(info.payment) : undefined), "credited");
      expect(paid).toMatchObject({ hash, amountDue: "0" });
    });

    it("the pay page's list: what the wallet holds of the maker's tokens, read on its connection, the payment's own token left out", async () => {
      expect(await callJson(f.payments, "GET", "/api/v2/jupiter/assets")).toMatchObject({
        status: 200,
        body: { assets: [{ symbol: "SOL", decimals: 9, native: true }, { symbol: "USDT", mint: f.solana.mints.USDT, decimals: 6, native: false }] },
      });
      const onlySol = await started("3");
      const swapperOf = (payer: Keypair) => createSolanaSwapper({ getConnection: async () => f.connection, payer: payer.publicKey, sendTransaction: walletOf(payer), ...viaApp });
      // Only SOL held (no USDT account at all): SOL alone, with what is held.
      expect(await swapperOf(onlySol.payer).holdings(onlySol.info.chain, onlySol.info.tokenAddress)).toEqual([
        { symbol: "SOL", mint: "So11111111111111111111111111111111111111112", decimals: 9, native: true, balance: String(2n * LAMPORTS_PER_SOL) },
      ]);
      const both = await started("3", LAMPORTS_PER_SOL, 7_000_000n);
      const held = await swapperOf(both.payer).holdings(both.info.chain, both.info.tokenAddress);
      expect(held.map((h) => [h.symbol, h.balance])).toEqual([
        ["SOL", String(LAMPORTS_PER_SOL)],
        ["USDT", "7000000"],
      ]);
      // The payment's own token is never offered as a swap (USDT excluded as if it were the payment's).
      expect((await swapperOf(both.payer).holdings(both.info.chain, f.solana.mints.USDT)).map((h) => h.symbol)).toEqual(["SOL"]);
    });

    it("the list has a deadline: a wallet's RPC that does not answer fails it rather than spin", async () => {
      const { payer, info } = await started("3");
      const silent = { getBalance: () => new Promise(() => {}), getTokenAccountBalance: () => new Promise(() => {}) } as unknown as typeof f.connection;
      const swapper = createSolanaSwapper({ getConnection: async () => silent, payer: payer.publicKey, sendTransaction: walletOf(payer), readMs: 100, ...viaApp });
      await expect(swapper.holdings(info.chain, info.tokenAddress)).rejects.toThrow(/did not answer within 100 ms/);
    });

    it("the pay page's swapper quotes and pays through the wallet; a token nobody swaps is the swap's own failure", async () => {
      const { payer, info } = await started("2.5", LAMPORTS_PER_SOL, 5_000_000n);
      const swapper = createSolanaSwapper({ getConnection: async () => f.connection, payer: payer.publicKey, sendTransaction: walletOf(payer), ...viaApp });
      await expect(swapper.quote(info, "BONK")).rejects.toMatchObject({ name: "SwapFailedError", code: "swap_no_route" });
      const answer = await swapper.quote(info, f.solana.mints.USDT);
      expect(answer.quote).toMatchObject({ fromAsset: "USDT", inAmount: "2500000", outAmount: "2500000" });
      const sent: string[] = [];
      const hash = await swapper.send({ info, fromAsset: f.solana.mints.USDT, answer, onSent: (h) => sent.push(h), onRefreshing: () => sent.push("refreshing"), onRefreshed: () => {} });
      expect(sent).toEqual([hash]);
      const paid = await until(async () => ((await progress(info.payment))?.receivedAmount === "2500000" ? progress(info.payment) : undefined), "credited");
      expect(paid).toMatchObject({ hash, amountDue: "0" });
    });

    it("a refusal comes back with the server's code and words; an expired quote sent anyway with its own words", async () => {
      const { payer, info } = await started("6");
      await expect(requestSwap({ ...swapRequestFor(info, payer.publicKey, "SOL"), merchantUSDCTokenAccount: ataOf(f.solana.mints.USDC, payer.publicKey.toBase58()) }, viaApp)).rejects.toMatchObject({
        status: 403,
        code: "swap_destination_refused",
      });
      const answer: SwapAnswer = await requestSwap(swapRequestFor(info, payer.publicKey, "SOL"), viaApp);
      await until(async () => ((await f.connection.getBlockHeight("confirmed")) > answer.quote.lastValidBlockHeight + 1 ? true : undefined), "blockhash expired");
      const failed = await sendSwap({ answer, refresh: () => Promise.reject(new Error("not stale")), connection: f.connection, sendTransaction: walletOf(payer), now: () => new Date(0) }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(SwapFailedError);
      expect(failed).toMatchObject({ code: "swap_quote_expired", message: "The swap quote expired before it was signed. Please get a fresh quote." });
      expect(await row(info.payment)).toMatchObject({ status: "initiated", receivedAmount: null });
    });
  });
});
