import "@/lib/polyfills";
import { PublicKey, type Connection } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { ApiRequestError, fetchJson } from "@/lib/api-client";
import { isSwapFailure, SwapFailedError, type SwapAnswer, type SwapAssetInfo, type SwapAssetsAnswer } from "@/lib/swap-api";
import { PAY_BALANCE_READ_MS } from "@/lib/timings";
import type { SwapHolding } from "../pay-page-state";
import type { PaymentSwapper } from "../payment-sender";
import { requestSwap, sendSwap, swapRequestFor, type SendVersionedWithWallet } from "./send-swap";

/** Rejects once `ms` passed: a silent RPC must not keep the list's spinner up. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The wallet's network did not answer within ${ms} ms.`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What `owner` holds of `asset`, in its base units; an SPL token with no account is held as 0. */
async function balanceOf(connection: Connection, owner: PublicKey, asset: SwapAssetInfo): Promise<bigint> {
  if (asset.native) return BigInt(await connection.getBalance(owner, "confirmed"));
  try {
    const account = getAssociatedTokenAddressSync(new PublicKey(asset.mint), owner, true);
    return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
  } catch (err) {
    if (err instanceof Error && /could not find account|Invalid param: not a Token account/i.test(err.message)) return 0n;
    throw err;
  }
}

/** A refusal the page words itself (no route, not enough balance) as the swap's failure; others as they came. */
function asSwapFailure(err: unknown): unknown {
  return err instanceof ApiRequestError && isSwapFailure(err.code) ? new SwapFailedError(err.code) : err;
}

/**
 * Pays with another token from a Solana wallet (issue 26): lists what the wallet holds of the
 * tokens the server's swap provider takes (balances read on the wallet's RPC connection, each
 * with a deadline), asks the swap route for a quote, and has the wallet sign and send the quoted
 * transaction (send-swap.ts refreshes a stale quote first).
 */
export function createSolanaSwapper({
  getConnection,
  payer,
  sendTransaction,
  base = "",
  fetch: doFetch = (...args: Parameters<typeof fetch>) => globalThis.fetch(...args),
  readMs = PAY_BALANCE_READ_MS,
}: {
  getConnection: (chainId: number) => Promise<Connection>;
  payer: PublicKey;
  sendTransaction: SendVersionedWithWallet;
  /** The payments origin (same origin by default). */
  base?: string;
  fetch?: typeof fetch;
  readMs?: number;
}): PaymentSwapper {
  const ask = (info: Parameters<PaymentSwapper["quote"]>[0], fromAsset: string) => requestSwap(swapRequestFor(info, payer, fromAsset), { base, fetch: doFetch }).catch((err: unknown) => Promise.reject(asSwapFailure(err)));
  return {
    async holdings(chainId, exclude) {
      const { assets } = await withDeadline(fetchJson<SwapAssetsAnswer>(doFetch, `${base}/api/v2/jupiter/assets`, { method: "GET" }), readMs);
      const connection = await getConnection(chainId);
      const offered = assets.filter((a) => a.mint !== exclude);
      const balances = await Promise.all(offered.map((a) => withDeadline(balanceOf(connection, payer, a), readMs)));
      return offered.map((a, i): SwapHolding => ({ ...a, balance: balances[i]!.toString() })).filter((h) => BigInt(h.balance) > 0n);
    },
    quote: ask,
    async send({ info, fromAsset, answer, onSent, onRefreshing, onRefreshed }) {
      const connection = await getConnection(info.chain);
      const refresh = async (): Promise<SwapAnswer> => {
        onRefreshing();
        const fresh = await ask(info, fromAsset);
        onRefreshed(fresh);
        return fresh;
      };
      const { hash } = await sendSwap({ answer, refresh, connection, sendTransaction, onSent: (sent) => onSent(sent) });
      return hash;
    },
  };
}
