import { Keypair } from "@solana/web3.js";
import { startSolanaSandbox } from "../src/sandbox/solana";
import type { ChainRuntime } from "../src/server/chains/runtime";
import { openDb } from "../src/server/db/client";
import { callJson } from "../src/server/testing/call-json";
import { createPostgresDatabase } from "../src/server/testing/databases";
import { signInMerchant } from "../src/server/testing/merchants";
import { attachWalletAndLink, startPayApps } from "../src/server/testing/pay-apps";

/**
 * Pay starts under a crowd: PAYERS payers press Pay at the same moment, against two app instances
 * (each its own connection pool, in this process) on one PostgreSQL database, with the local
 * Solana network behind them. Each start comes from its own client address (X-Forwarded-For behind
 * one trusted proxy). Two shapes: the payers spread over LINKS links, and all on one link (the
 * starts of one link take turns on its lock). Answers latency percentiles (ms) and starts/s
 * (payers ÷ the time until the last answer). Needs PostgreSQL: BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server as user postgres.
 */
const PAYERS = Number(process.env.BENCH_STARTS_PAYERS ?? 200);
const LINKS = Number(process.env.BENCH_STARTS_LINKS ?? 20);
const ROUNDS = Number(process.env.BENCH_STARTS_ROUNDS ?? 3);

export interface StartsRow {
  shape: string;
  payers: number;
  ok: number;
  p50: number;
  p95: number;
  max: number;
  startsPerSec: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchStarts(): Promise<StartsRow[]> {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const fresh = await createPostgresDatabase();
  const solana = await startSolanaSandbox({ slotMs: 100 });
  const chains: ChainRuntime = {
    solana: { chainId: -5001, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, mints: solana.mints, local: solana },
    evm: [],
    stop: () => solana.stop(),
  };
  const databases = [await openDb({ databaseUrl: fresh.url }), await openDb({ databaseUrl: fresh.url })];
  // Caps out of the way: this measures how starts proceed, not where they stop.
  const env = { TRUST_PROXY: "1", PAY_START_RATE_LIMIT: "100000", PAY_PENDING_PER_LINK: "100000" };
  const instances: Awaited<ReturnType<typeof startPayApps>>[] = [];
  for (const database of databases) instances.push(await startPayApps(database, { env, chains, dataDirPrefix: "zpay-bench-starts-" }));
  const rows: StartsRow[] = [];
  try {
    const first = instances[0]!.apps;
    const links: string[] = [];
    for (let i = 0; i < LINKS; i++) {
      const merchant = await signInMerchant(first.app);
      const { link } = await attachWalletAndLink(first, merchant, { address: Keypair.generate().publicKey.toBase58(), type: "manual", version: 1 }, { label: `Bench ${i}`, price: "1", currency: "USDC" });
      links.push(link.hashedId);
    }
    let client = 0;
    const start = async (appIndex: number, linkId: string) => {
      const n = client++;
      const began = performance.now();
      const answer = await callJson(
        instances[appIndex]!.apps.payments,
        "POST",
        `/api/pay/${linkId}/start`,
        { chainId: -5001, token: "USDC", payer: Keypair.generate().publicKey.toBase58(), sessionId: `bench-${n}` },
        { "x-forwarded-for": `10.${(n >> 8) & 255}.${n & 255}.1` }, // its own /24: no client cap in the way
      );
      return { ms: performance.now() - began, ok: answer.status === 200 };
    };
    // Warm-up: each link's first start (the merchant's token account is then known, no chain call).
    await Promise.all(links.map((l, i) => start(i % 2, l)));
    for (const [shape, pick] of [
      [`${LINKS} links`, (i: number) => links[i % links.length]!],
      ["one link", () => links[0]!],
    ] as const) {
      const latencies: number[] = [];
      let ok = 0;
      let wall = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const began = performance.now();
        const answers = await Promise.all(Array.from({ length: PAYERS }, (_, i) => start(i % 2, pick(i))));
        wall += performance.now() - began;
        for (const a of answers) {
          latencies.push(a.ms);
          if (a.ok) ok++;
        }
      }
      latencies.sort((a, b) => a - b);
      rows.push({
        shape,
        payers: PAYERS,
        ok: Math.round(ok / ROUNDS),
        p50: Math.round(percentile(latencies, 50)),
        p95: Math.round(percentile(latencies, 95)),
        max: Math.round(latencies[latencies.length - 1] ?? 0),
        startsPerSec: Math.round((PAYERS * ROUNDS) / (wall / 1000)),
      });
    }
  } finally {
    for (const instance of instances) await instance.stop();
    for (const database of databases) await database.close();
    await fresh.drop();
    await solana.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchStarts());
  process.exit(0);
}
