import { Keypair } from "@solana/web3.js";
import { startSolanaSandbox } from "../src/sandbox/solana";
import { openDb } from "../src/server/db/client";
import { transactions, users } from "../src/server/db/schema";
import { paymentSink } from "../src/server/jobs/payment-sink";
import { startSolanaWatcher } from "../src/server/jobs/solana-watcher";
import { createLogger } from "../src/server/logger";
import { countingRpcProxy } from "../src/server/testing/counting-rpc-proxy";

/**
 * What pending payments cost the RPC: N unpaid payments inserted straight into the table (ages
 * spread evenly over the hour and a half a payment is watched: 30 min to pay, 60 min of grace for
 * a late transfer), spread over RECEIVING_ACCOUNTS merchant token accounts, followed by the real
 * watcher at its production defaults through a counting JSON-RPC proxy in front of the local
 * Solana network. After the watcher's first pass over everyone (a restart's resume), every call
 * in WINDOW_MS is counted: RPC calls per pending payment per minute should stay flat as N grows.
 */
const SIZES = (process.env.BENCH_WATCHER_SIZES ?? "10,100,1000,10000").split(",").map(Number);
/** A minute: each payment polled every minute (the default cap) is then counted exactly once, whatever its phase. */
const WINDOW_MS = Number(process.env.BENCH_WATCHER_WINDOW_MS ?? 60_000);
const RECEIVING_ACCOUNTS = Number(process.env.BENCH_WATCHER_ACCOUNTS ?? 50);
const TTL_MS = 30 * 60_000;
const WATCHED_MS = TTL_MS + 60 * 60_000;
/** A merchant row only owns the payments here; it never signs in. */
const BENCH_MERCHANT_SETTINGS = { isOnboarded: true, permissions: [], rampOnly: false, isNonCustodial: false, version: 1, restrictUserToChains: [] };

export interface WatcherCostRow {
  pending: number;
  subscriptions: number;
  /** The resume pass: every payment checked once. */
  firstPassCalls: number;
  firstPassMs: number;
  callsPerPaymentPerMinute: number;
  callsPerSecond: number;
}

export async function benchWatcher(): Promise<WatcherCostRow[]> {
  const log = createLogger("silent");
  const solana = await startSolanaSandbox();
  const rpc = await countingRpcProxy(solana.rpcUrl);
  const rows: WatcherCostRow[] = [];
  try {
    for (const n of SIZES) {
      const database = await openDb({ memory: true });
      try {
        const [merchant] = await database.db
          .insert(users)
          .values({ publicKey: Keypair.generate().publicKey.toBase58(), referralCode: `bench-${n}`, settings: BENCH_MERCHANT_SETTINGS })
          .returning();
        const accounts = Array.from({ length: Math.min(n, RECEIVING_ACCOUNTS) }, () => Keypair.generate().publicKey.toBase58());
        const now = Date.now();
        for (let start = 0; start < n; start += 1000) {
          const batch = Array.from({ length: Math.min(1000, n - start) }, (_, k) => {
            const i = start + k;
            const createdAt = new Date(now - Math.floor(((i + 0.5) / n) * WATCHED_MS));
            const expiresAt = new Date(createdAt.getTime() + TTL_MS);
            const expired = expiresAt.getTime() <= now;
            return {
              publicId: `bench${n}-${i}`,
              productType: "quick-pay",
              productId: null,
              userId: merchant!.id,
              chainId: -5001,
              token: "USDC",
              tokenAddress: solana.mints.USDC,
              decimals: 6,
              recipient: accounts[i % accounts.length]!,
              recipientTokenAccount: accounts[i % accounts.length]!,
              requestedAmount: 1_000_000n,
              reference: Keypair.generate().publicKey.toBase58(),
              status: expired ? ("failed" as const) : ("initiated" as const),
              failureReason: expired ? "expired" : null,
              failedAt: expired ? expiresAt : null,
              lockedAt: createdAt,
              createdAt,
              expiresAt,
            };
          });
          await database.db.insert(transactions).values(batch);
        }
        rpc.reset();
        const began = performance.now();
        const watcher = await startSolanaWatcher(paymentSink({ db: database.db, log }), log, {
          chainId: -5001,
          rpcUrl: rpc.url,
          wsUrl: solana.wsUrl,
        });
        try {
          // The resume pass (queued at start) is over once every payment's reference was listed once.
          while (rpc.count("getSignaturesForAddress") < watcher.size) await new Promise((r) => setTimeout(r, 20));
          const firstPassMs = performance.now() - began;
          const firstPassCalls = rpc.count();
          rpc.reset();
          await new Promise((r) => setTimeout(r, WINDOW_MS));
          const calls = rpc.count();
          rows.push({
            pending: watcher.size,
            subscriptions: watcher.subscriptions,
            firstPassCalls,
            firstPassMs: Math.round(firstPassMs),
            callsPerPaymentPerMinute: Number(((calls / watcher.size) * (60_000 / WINDOW_MS)).toFixed(2)),
            callsPerSecond: Number((calls / (WINDOW_MS / 1000)).toFixed(1)),
          });
        } finally {
          await watcher.stop();
        }
      } finally {
        await database.close();
      }
    }
  } finally {
    await rpc.close();
    await solana.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchWatcher());
  process.exit(0); // web3.js sockets of the stopped network would otherwise retry for a while
}
