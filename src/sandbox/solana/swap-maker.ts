import { Connection, Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction, type TransactionInstruction } from "@solana/web3.js";
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { paymentMemoInstruction, paymentTransferInstruction } from "@/lib/solana/payment-instructions";
import type { LocalSolanaControl } from "@/server/chains/runtime";
import { NATIVE_SOL_MINT, SwapError, withSlippage, type BuiltSwap, type SwapAsset, type SwapOrder, type SwapProvider, type SwapQuote, type SwapQuoteRequest } from "@/server/modules/swap";
import { SANDBOX_TOKEN_DECIMALS } from "./constants";

/** What the maker is started with: enough to fill any sandbox order, and SOL for its token accounts. */
const MAKER_USDC = 10_000_000n * 10n ** BigInt(SANDBOX_TOKEN_DECIMALS);
const MAKER_LAMPORTS = 10n * 1_000_000_000n;
const SOL_DECIMALS = 9;
/** Every RPC call of the maker has this deadline (a local network; a stuck one must not hold a payer). */
const RPC_DEADLINE_MS = 10_000;

/** One price of the table: USD per whole token as a fraction, exact (no floating point near money). */
interface Price {
  numerator: bigint;
  denominator: bigint;
}

/**
 * Parses `SANDBOX_SWAP_PRICES` ("SOL=150,USDT=1") into USD per whole token, by symbol.
 * @throws Error on a malformed entry (the setting is checked at start as well).
 */
export function parseSwapPrices(table: string): Map<string, Price> {
  const prices = new Map<string, Price>();
  for (const entry of table.split(",").map((e) => e.trim()).filter(Boolean)) {
    const match = /^([A-Z0-9]+)=(\d+)(?:\.(\d+))?$/.exec(entry);
    if (!match) throw new Error(`SANDBOX_SWAP_PRICES: "${entry}" is not SYMBOL=price`);
    const fraction = match[3] ?? "";
    const price = { numerator: BigInt(match[2]! + fraction), denominator: 10n ** BigInt(fraction.length) };
    if (price.numerator === 0n) throw new Error(`SANDBOX_SWAP_PRICES: ${match[1]} has no price`);
    prices.set(match[1]!, price);
  }
  return prices;
}

export interface SandboxSwapMakerOptions {
  rpcUrl: string;
  /** The local network's test mints; USDC is what the maker delivers. */
  mints: { USDC: string; USDT: string };
  /** The faucet that funds the maker at start. */
  local: Pick<LocalSolanaControl, "airdrop" | "mintTokens">;
  /** `SANDBOX_SWAP_PRICES`. */
  prices: string;
  /** The maker's key; a fresh one by default. */
  keypair?: Keypair;
}

interface Listed {
  asset: SwapAsset;
  decimals: number;
  price: Price;
}

/**
 * The sandbox's market maker: the counterparty an aggregator's RFQ order meets, on the local
 * Solana network. It quotes from a fixed price table (no price impact; exact, so the slippage
 * bound is never reached) and co-signs one atomic v0 transaction the payer completes: the payer's
 * SOL or token to the maker, the maker's USDC to the merchant's token account as a payment's own
 * transfer (reference and memo, the pay page's builder), the memo signed by the payer. Either both
 * legs land or neither does. It takes the tokens the table prices and the network has a mint for
 * (SOL and the test USDT); any other asset has no route.
 */
export function sandboxSwapMaker(options: SandboxSwapMakerOptions): SwapProvider & { maker: string; ready: Promise<void> } {
  const maker = options.keypair ?? Keypair.generate();
  const owner = maker.publicKey.toBase58();
  const connection = new Connection(options.rpcUrl, {
    commitment: "confirmed",
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(RPC_DEADLINE_MS) }),
  });
  const prices = parseSwapPrices(options.prices);
  const listed = new Map<string, Listed>();
  const sol = prices.get("SOL");
  if (sol) listed.set(NATIVE_SOL_MINT, { asset: { mint: NATIVE_SOL_MINT, native: true, symbol: "SOL" }, decimals: SOL_DECIMALS, price: sol });
  const usdt = prices.get("USDT");
  if (usdt) listed.set(options.mints.USDT, { asset: { mint: options.mints.USDT, native: false, symbol: "USDT" }, decimals: SANDBOX_TOKEN_DECIMALS, price: usdt });

  // Funded in the background so start-up does not wait for three confirmations; the first quote waits instead.
  const ready = (async () => {
    await options.local.airdrop(owner, MAKER_LAMPORTS);
    await options.local.mintTokens(owner, options.mints.USDC, MAKER_USDC);
    // The maker's token account for each SPL token it takes must exist before a payer pays into it.
    for (const { asset } of listed.values()) if (!asset.native) await options.local.mintTokens(owner, asset.mint, 1n);
  })();
  ready.catch(() => {}); // reported by the quote that waits for it

  const makerUsdc = getAssociatedTokenAddressSync(new PublicKey(options.mints.USDC), maker.publicKey);

  const payLeg = (listing: Listed, payer: PublicKey, amount: bigint): TransactionInstruction => {
    if (listing.asset.native) return SystemProgram.transfer({ fromPubkey: payer, toPubkey: maker.publicKey, lamports: amount });
    const mint = new PublicKey(listing.asset.mint);
    return createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint, payer),
      mint,
      getAssociatedTokenAddressSync(mint, maker.publicKey),
      payer,
      amount,
      listing.decimals,
    );
  };

  return {
    name: "sandbox-maker",
    maker: owner,
    ready,
    assets: () => [...listed.values()].map(({ asset, decimals }) => ({ ...asset, symbol: asset.symbol ?? asset.mint, decimals })),
    asset(nameOrMint) {
      const wanted = nameOrMint.trim();
      for (const listing of listed.values()) if (listing.asset.mint === wanted || listing.asset.symbol === wanted.toUpperCase()) return listing.asset;
      return undefined;
    },
    async quote(request: SwapQuoteRequest): Promise<SwapQuote> {
      const listing = listed.get(request.from.mint);
      if (!listing || request.outputMint !== options.mints.USDC) throw new SwapError("no_route", `The sandbox maker does not take ${request.from.symbol ?? request.from.mint}.`);
      let inventory: bigint;
      try {
        await ready;
        inventory = BigInt((await connection.getTokenAccountBalance(makerUsdc, "confirmed")).value.amount);
      } catch (cause) {
        throw new SwapError("provider_unavailable", "The sandbox maker cannot read its USDC balance.", { cause });
      }
      if (inventory < request.amountOut) throw new SwapError("no_route", "The sandbox maker has not enough USDC for this order.");
      // in = out (USDC, 6 decimals, 1 USD) / price, in the input's base units, rounded up in the maker's favour.
      const numerator = request.amountOut * 10n ** BigInt(listing.decimals) * listing.price.denominator;
      const denominator = 10n ** BigInt(SANDBOX_TOKEN_DECIMALS) * listing.price.numerator;
      const inAmount = (numerator + denominator - 1n) / denominator;
      return {
        inputMint: listing.asset.mint,
        inAmount,
        maxInAmount: withSlippage(inAmount, request.slippageBps),
        outAmount: request.amountOut,
        slippageBps: request.slippageBps,
        priceImpactPct: "0",
      };
    },
    async build(quote: SwapQuote, order: SwapOrder): Promise<BuiltSwap> {
      const listing = listed.get(quote.inputMint);
      if (!listing) throw new SwapError("no_route", "The sandbox maker does not take this token.");
      const payer = new PublicKey(order.payer);
      let latest: { blockhash: string; lastValidBlockHeight: number };
      try {
        latest = await connection.getLatestBlockhash("confirmed");
      } catch (cause) {
        throw new SwapError("provider_unavailable", "The local network did not give a blockhash.", { cause });
      }
      const deliver = paymentTransferInstruction(makerUsdc, maker.publicKey, {
        address: order.destination,
        tokenAddress: order.outputMint,
        amountWei: quote.outAmount.toString(),
        decimals: order.outputDecimals,
        reference: order.reference,
        memo: order.memo,
      });
      const message = new TransactionMessage({
        payerKey: payer,
        recentBlockhash: latest.blockhash,
        instructions: [payLeg(listing, payer, quote.inAmount), deliver, paymentMemoInstruction(payer, order.memo)],
      }).compileToV0Message();
      const tx = new VersionedTransaction(message);
      tx.sign([maker]);
      return { transaction: tx.serialize(), lastValidBlockHeight: latest.lastValidBlockHeight };
    },
  };
}
