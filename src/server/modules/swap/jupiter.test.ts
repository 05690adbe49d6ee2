import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction, ComputeBudgetProgram } from "@solana/web3.js";
import { MEMO_PROGRAM_ID } from "@/lib/solana/payment-instructions";
import { NATIVE_SOL_MINT, SwapError, jupiterSwapProvider, type SwapQuote } from ".";

/**
 * The Jupiter provider against a local HTTP server speaking the Swap API's `/quote` and
 * `/swap-instructions` shapes (the test's edge), and a chain stub that only gives a blockhash.
 */
const payer = Keypair.generate().publicKey;
const usdc = Keypair.generate().publicKey.toBase58();
const destination = Keypair.generate().publicKey.toBase58();
const reference = Keypair.generate().publicKey.toBase58();
const routeProgram = Keypair.generate().publicKey;
const pool = Keypair.generate().publicKey;
const blockhash = Keypair.generate().publicKey.toBase58();

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
let handler: Handler;
const seen: { method: string; url: string; body: string }[] = [];
let server: http.Server;
let base: string;

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

const quoteResponse = (over: Record<string, unknown> = {}) => ({
  inputMint: NATIVE_SOL_MINT,
  inAmount: "83500000",
  outputMint: usdc,
  outAmount: "12500000",
  otherAmountThreshold: "83917500",
  swapMode: "ExactOut",
  slippageBps: 50,
  priceImpactPct: "0.0012",
  routePlan: [{ swapInfo: { ammKey: pool.toBase58(), label: "Test AMM" }, percent: 100 }],
  contextSlot: 1,
  timeTaken: 0.01,
  ...over,
});

const ix = (programId: string, accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[], data: Buffer) => ({ programId, accounts, data: data.toString("base64") });
const computeBudget = ComputeBudgetProgram.setComputeUnitLimit({ units: 300_000 });

const swapInstructions = {
  computeBudgetInstructions: [ix(computeBudget.programId.toBase58(), [], computeBudget.data)],
  setupInstructions: [],
  swapInstruction: ix(
    routeProgram.toBase58(),
    [
      { pubkey: payer.toBase58(), isSigner: true, isWritable: true },
      { pubkey: pool.toBase58(), isSigner: false, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
    ],
    Buffer.from([7, 7, 7]),
  ),
  cleanupInstruction: null,
  otherInstructions: [],
  addressLookupTableAddresses: [],
};

const connection = {
  getLatestBlockhash: async () => ({ blockhash, lastValidBlockHeight: 4242 }),
  getAddressLookupTable: async () => ({ context: { slot: 1 }, value: null }),
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swap/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  seen.length = 0;
});

const provider = (timeoutMs = 2_000) => jupiterSwapProvider({ baseUrl: base, timeoutMs, connection: connection as never });
const request = { from: { mint: NATIVE_SOL_MINT, native: true, symbol: "SOL" }, outputMint: usdc, amountOut: 12_500_000n, payer: payer.toBase58(), slippageBps: 50 };
const order = { payer: payer.toBase58(), destination, outputMint: usdc, outputDecimals: 6, reference, memo: "zpay:pay-1" };

describe("jupiterSwapProvider", () => {
  it("asks an exact-out quote for the amount due and reads the slippage bound from otherAmountThreshold", async () => {
    handler = (_req, _body, res) => json(res, 200, quoteResponse());
    const quote = await provider().quote(request);
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]!.url, "http://x");
    expect(url.pathname).toBe("/swap/v1/quote");
    expect(Object.fromEntries(url.searchParams)).toEqual({ inputMint: NATIVE_SOL_MINT, outputMint: usdc, amount: "12500000", swapMode: "ExactOut", slippageBps: "50" });
    expect(quote).toMatchObject({ inputMint: NATIVE_SOL_MINT, inAmount: 83_500_000n, maxInAmount: 83_917_500n, outAmount: 12_500_000n, slippageBps: 50, priceImpactPct: "0.0012" });
  });

  it("builds one v0 transaction from the swap instructions: delivered to the merchant's account, with the reference and memo, for the payer alone to sign", async () => {
    handler = (_req, _body, res) => json(res, 200, quoteResponse());
    const jupiter = provider();
    const quote = await jupiter.quote(request);
    handler = (_req, _body, res) => json(res, 200, swapInstructions);
    const built = await jupiter.build(quote, order);

    const call = seen[1]!;
    expect(call.method).toBe("POST");
    expect(call.url).toBe("/swap/v1/swap-instructions");
    const body = JSON.parse(call.body);
    expect(body).toMatchObject({ userPublicKey: payer.toBase58(), destinationTokenAccount: destination, wrapAndUnwrapSol: true });
    expect(body.quoteResponse).toEqual(quoteResponse()); // Jupiter's own quote, handed back untouched

    expect(built.lastValidBlockHeight).toBe(4242);
    const tx = VersionedTransaction.deserialize(built.transaction);
    expect(tx.version).toBe(0);
    expect(tx.message.recentBlockhash).toBe(blockhash);
    expect(tx.message.header.numRequiredSignatures).toBe(1);
    expect(tx.message.staticAccountKeys[0]!.equals(payer)).toBe(true);
    const decompiled = TransactionMessage.decompile(tx.message);
    expect(decompiled.instructions.map((i) => i.programId.toBase58())).toEqual([
      computeBudget.programId.toBase58(),
      routeProgram.toBase58(),
      SystemProgram.programId.toBase58(),
      MEMO_PROGRAM_ID.toBase58(),
    ]);
    const [, swap, referenced, memo] = decompiled.instructions;
    expect(Buffer.from(swap!.data)).toEqual(Buffer.from([7, 7, 7]));
    expect(swap!.keys.map((k) => k.pubkey.toBase58())).toContain(destination);
    const refKey = referenced!.keys.find((k) => k.pubkey.toBase58() === reference);
    expect(refKey).toMatchObject({ isSigner: false, isWritable: false });
    expect(new TextDecoder().decode(memo!.data)).toBe("zpay:pay-1");
  });

  it("refuses a quote for another order than the one asked (exact-in, another amount or mint): never built", async () => {
    const jupiter = provider();
    for (const over of [{ swapMode: "ExactIn" }, { outAmount: "12499999" }, { outputMint: Keypair.generate().publicKey.toBase58() }, { inputMint: usdc }]) {
      handler = (_req, _body, res) => json(res, 200, quoteResponse(over));
      await expect(jupiter.quote(request)).rejects.toMatchObject({ name: "SwapError", reason: "no_route" });
    }
  });

  it("says no route when Jupiter finds none, and unavailable when it fails or does not answer within the deadline", async () => {
    handler = (_req, _body, res) => json(res, 400, { error: "Could not find any route", errorCode: "COULD_NOT_FIND_ANY_ROUTE" });
    await expect(provider().quote(request)).rejects.toMatchObject({ reason: "no_route", message: "Could not find any route" });
    handler = (_req, _body, res) => json(res, 502, { error: "bad gateway" });
    await expect(provider().quote(request)).rejects.toMatchObject({ reason: "provider_unavailable" });
    handler = () => {}; // hangs
    const started = Date.now();
    const err = await provider(200).quote(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SwapError);
    expect(err).toMatchObject({ reason: "provider_unavailable" });
    expect(Date.now() - started).toBeLessThan(2_000);
    handler = (_req, _body, res) => json(res, 200, quoteResponse());
    const quote: SwapQuote = await provider().quote(request);
    handler = () => {};
    await expect(provider(200).build(quote, order)).rejects.toMatchObject({ reason: "provider_unavailable" });
  });

  it("names SOL by the wrapped SOL mint and takes any other mint as it is", () => {
    const jupiter = provider();
    expect(jupiter.asset("sol")).toEqual({ mint: NATIVE_SOL_MINT, native: true, symbol: "SOL" });
    expect(jupiter.asset(usdc)).toEqual({ mint: usdc, native: false });
    expect(jupiter.asset("BONK?")).toBeUndefined();
  });
});
