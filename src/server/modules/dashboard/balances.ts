import { Connection, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { and, eq } from "drizzle-orm";
import { formatBaseUnits } from "@/lib/money";
import type { WalletBalancesDto } from "@/lib/dashboard";
import type { SolanaRuntime } from "../../chains/runtime";
import { solanaConnection } from "../../chains/solana/connection";
import { SOLANA_STABLECOIN_DECIMALS } from "../../chains/runtime";
import type { Db } from "../../db/client";
import { merchantWallets } from "../../db/schema";
import { USD_DECIMALS } from "./consolidate";

/** SPEC §9: SOL balance is lamports divided by 1e9. */
const SOL_DECIMALS = 9;
const ZERO: WalletBalancesDto = { tokenBalances: { SOL: "0", USDT: "0", USDC: "0" }, totalUSD: "0.00" };

/** Base units of one SPL token held in the owner's associated token account; 0 on any error (SPEC §7). */
async function tokenBalance(connection: Connection, owner: PublicKey, mint: string): Promise<bigint> {
  try {
    const account = getAssociatedTokenAddressSync(new PublicKey(mint), owner, true);
    return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
  } catch {
    return 0n;
  }
}

/**
 * SPEC §2/§7: SOL, USDT and USDC of the merchant's Solana receiving wallet, read from the node
 * the server already uses (the browser never gets a remote RPC URL, which may carry a key), each
 * zero on any error. `solUsd` prices SOL (USD per SOL, decimal text) for the total; the
 * stablecoins count 1 token as 1 USD.
 */
export async function readWalletBalances(db: Db, solana: SolanaRuntime | undefined, userId: string, solUsd: () => Promise<string>): Promise<WalletBalancesDto> {
  if (!solana) return ZERO;
  const [wallet] = await db
    .select({ address: merchantWallets.address })
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.family, "solana"), eq(merchantWallets.valid, true)));
  if (!wallet) return ZERO;
  let owner: PublicKey;
  try {
    owner = new PublicKey(wallet.address);
  } catch {
    return ZERO;
  }
  const connection = solanaConnection(solana, "confirmed");
  const [lamports, usdt, usdc, price] = await Promise.all([
    connection.getBalance(owner, "confirmed").then(BigInt, () => 0n),
    tokenBalance(connection, owner, solana.mints.USDT),
    tokenBalance(connection, owner, solana.mints.USDC),
    solUsd().then(
      (p) => p,
      () => "0",
    ),
  ]);
  const stable = (usdt + usdc) * 10n ** BigInt(USD_DECIMALS - SOLANA_STABLECOIN_DECIMALS);
  const solValue = Number(formatBaseUnits(lamports, SOL_DECIMALS)) * Number(price);
  const total = Number(formatBaseUnits(stable, USD_DECIMALS)) + (Number.isFinite(solValue) ? solValue : 0);
  return {
    tokenBalances: {
      SOL: formatBaseUnits(lamports, SOL_DECIMALS),
      USDT: formatBaseUnits(usdt, SOLANA_STABLECOIN_DECIMALS),
      USDC: formatBaseUnits(usdc, SOLANA_STABLECOIN_DECIMALS),
    },
    totalUSD: total.toFixed(2),
  };
}
