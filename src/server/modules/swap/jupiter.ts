import { Buffer } from "buffer";
import { PublicKey, SystemProgram, TransactionInstruction, TransactionMessage, VersionedTransaction, type AddressLookupTableAccount, type Connection } from "@solana/web3.js";
import { paymentMemoInstruction } from "@/lib/solana/payment-instructions";
import { SwapError, type BuiltSwap, type SwapAsset, type SwapListedAsset, type SwapOrder, type SwapProvider, type SwapQuote, type SwapQuoteRequest, NATIVE_SOL_MINT } from "./provider";

/** Jupiter's instruction shape (`@jup-ag/api` `Instruction`): base58 keys, base64 data. */
interface JupiterInstruction {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

/** The fields of Jupiter's `QuoteResponse` this provider reads; the whole object goes back to `/swap-instructions`. */
interface JupiterQuote {
  inputMint: string;
  inAmount: string;
  outputMint: string;
  outAmount: string;
  /** ExactOut: the most the payer gives once slippage is counted. */
  otherAmountThreshold: string;
  swapMode: "ExactIn" | "ExactOut";
  slippageBps: number;
  priceImpactPct: string;
}

interface JupiterSwapInstructions {
  computeBudgetInstructions?: JupiterInstruction[];
  setupInstructions?: JupiterInstruction[];
  swapInstruction: JupiterInstruction;
  cleanupInstruction?: JupiterInstruction | null;
  otherInstructions?: JupiterInstruction[];
  addressLookupTableAddresses?: string[];
}

export interface JupiterOptions {
  /** `JUPITER_API_URL`, e.g. https://api.jup.ag/swap/v1 */
  baseUrl: string;
  /** Deadline of each HTTP call to Jupiter (`RPC_TIMEOUT_MS`). */
  timeoutMs: number;
  /** The chain reads the transaction needs: a blockhash and the route's lookup tables (the server's counted connection). */
  connection: Pick<Connection, "getLatestBlockhash" | "getAddressLookupTable">;
  /** Sent as `x-api-key` when set (Jupiter's keyed plans). */
  apiKey?: string;
}

const toInstruction = (ix: JupiterInstruction) =>
  new TransactionInstruction({
    programId: new PublicKey(ix.programId),
    keys: ix.accounts.map((a) => ({ pubkey: new PublicKey(a.pubkey), isSigner: a.isSigner, isWritable: a.isWritable })),
    data: Buffer.from(ix.data, "base64"),
  });

/**
 * A zero-lamport transfer from the payer to itself naming the payment's reference as a read-only
 * key: the watcher finds the transaction by its reference (any account key), and the aggregator's
 * route instruction must not get an account it did not ask for.
 */
export const referenceInstruction = (payer: PublicKey, reference: string) => {
  const ix = SystemProgram.transfer({ fromPubkey: payer, toPubkey: payer, lamports: 0 });
  ix.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  return ix;
};

/** SOL and Tether's USDT mint on mainnet (6 decimals), offered on the pay page. */
const JUPITER_LISTED: readonly SwapListedAsset[] = [
  { mint: NATIVE_SOL_MINT, native: true, symbol: "SOL", decimals: 9 },
  { mint: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", native: false, symbol: "USDT", decimals: 6 },
];

/**
 * Production swaps through Jupiter's Swap API: an exact-out quote (`GET {base}/quote`, swapMode
 * ExactOut, the amount due as `amount`) and its instructions (`POST {base}/swap-instructions`) with
 * the merchant's USDC token account as `destinationTokenAccount`, so the route itself delivers
 * exactly the amount due there. The transaction adds the payment's reference and memo and is left
 * for the payer's wallet to sign. Every call has a deadline; Jupiter's answer is checked against
 * what was asked (an exact-out quote for another amount or mint is refused, never built).
 */
export function jupiterSwapProvider(options: JupiterOptions): SwapProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const headers: Record<string, string> = { accept: "application/json", ...(options.apiKey ? { "x-api-key": options.apiKey } : {}) };

  async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { ...headers, ...(init.body ? { "content-type": "application/json" } : {}) }, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (cause) {
      throw new SwapError("provider_unavailable", `Jupiter did not answer ${new URL(url).pathname} in time.`, { cause });
    }
    const body = (await response.json().catch(() => undefined)) as (T & { error?: string; errorCode?: string }) | undefined;
    // Jupiter answers 400 with an errorCode (COULD_NOT_FIND_ANY_ROUTE, TOKEN_NOT_TRADABLE…) when nobody fills the order.
    if (response.status >= 400 && response.status < 500) throw new SwapError("no_route", body?.error ?? `Jupiter refused the order (${response.status}).`);
    if (!response.ok || !body) throw new SwapError("provider_unavailable", `Jupiter answered ${response.status}.`);
    return body;
  }

  return {
    name: "jupiter",
    // Jupiter routes almost any mint; the page names the two a payer most often holds besides USDC.
    assets: () => JUPITER_LISTED.map((a) => ({ ...a })),
    asset(nameOrMint) {
      const wanted = nameOrMint.trim();
      if (wanted.toUpperCase() === "SOL" || wanted === NATIVE_SOL_MINT) return { mint: NATIVE_SOL_MINT, native: true, symbol: "SOL" } satisfies SwapAsset;
      try {
        return { mint: new PublicKey(wanted).toBase58(), native: false };
      } catch {
        return undefined;
      }
    },
    async quote(request: SwapQuoteRequest): Promise<SwapQuote> {
      const params = new URLSearchParams({
        inputMint: request.from.mint,
        outputMint: request.outputMint,
        amount: request.amountOut.toString(),
        swapMode: "ExactOut",
        slippageBps: String(request.slippageBps),
      });
      const quote = await call<JupiterQuote>(`${base}/quote?${params}`);
      if (quote.swapMode !== "ExactOut" || BigInt(quote.outAmount) !== request.amountOut || quote.inputMint !== request.from.mint || quote.outputMint !== request.outputMint) {
        throw new SwapError("no_route", "Jupiter quoted another order than the one asked.");
      }
      return {
        inputMint: quote.inputMint,
        inAmount: BigInt(quote.inAmount),
        maxInAmount: BigInt(quote.otherAmountThreshold),
        outAmount: BigInt(quote.outAmount),
        slippageBps: quote.slippageBps,
        priceImpactPct: quote.priceImpactPct,
        raw: quote,
      };
    },
    async build(quote: SwapQuote, order: SwapOrder): Promise<BuiltSwap> {
      const payer = new PublicKey(order.payer);
      const found = await call<JupiterSwapInstructions>(`${base}/swap-instructions`, {
        method: "POST",
        body: JSON.stringify({
          quoteResponse: quote.raw,
          userPublicKey: order.payer,
          destinationTokenAccount: order.destination,
          wrapAndUnwrapSol: true,
          dynamicComputeUnitLimit: true,
        }),
      });
      let tables: AddressLookupTableAccount[];
      let latest: { blockhash: string; lastValidBlockHeight: number };
      try {
        const lookups = await Promise.all((found.addressLookupTableAddresses ?? []).map((a) => options.connection.getAddressLookupTable(new PublicKey(a))));
        tables = lookups.flatMap((l) => (l.value ? [l.value] : []));
        latest = await options.connection.getLatestBlockhash("confirmed");
      } catch (cause) {
        throw new SwapError("provider_unavailable", "The Solana network did not answer while building the swap.", { cause });
      }
      const instructions = [
        ...(found.computeBudgetInstructions ?? []).map(toInstruction),
        ...(found.otherInstructions ?? []).map(toInstruction),
        ...(found.setupInstructions ?? []).map(toInstruction),
        toInstruction(found.swapInstruction),
        ...(found.cleanupInstruction ? [toInstruction(found.cleanupInstruction)] : []),
        referenceInstruction(payer, order.reference),
        paymentMemoInstruction(payer, order.memo),
      ];
      const message = new TransactionMessage({ payerKey: payer, recentBlockhash: latest.blockhash, instructions }).compileToV0Message(tables);
      return { transaction: new VersionedTransaction(message).serialize(), lastValidBlockHeight: latest.lastValidBlockHeight };
    },
  };
}
