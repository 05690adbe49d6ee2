import pg from "pg";
import { sql } from "drizzle-orm";
import { openDb } from "../src/server/db/client";
import { insertMerchant } from "../src/server/testing/merchants";
import { lastDays, lastMonths } from "../src/lib/admin-stats";
import { billingRows } from "../src/server/modules/admin/billing";
import { computeAdminStats } from "../src/server/modules/admin/stats";

/**
 * Operator statistics at scale on PostgreSQL: BENCH_ADMIN_ROWS transactions (default 1,000,000)
 * spread over the last year among 50 merchants, seeded with INSERT … SELECT generate_series in a
 * database this bench creates and drops; then the p50/p95 of the statistics of the last 30 days
 * and of a whole year, and of 12 months of billing, with the plan of the 30-day aggregate.
 * Reports only. Run: `npx tsx bench/admin-stats.ts`.
 */
const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(process.env.BENCH_ADMIN_ROWS ?? 1_000_000);
const MERCHANTS = 50;
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 10);
const YEAR_SECONDS = 365 * 24 * 3600;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

/** `count` transactions of `userId` evenly over the last year; a quarter each initiated, paid, validated, failed; two chains. */
const seed = (userId: string, count: number, prefix: string) => sql`
  insert into transactions (public_id, product_type, user_id, chain_id, token, token_address, decimals, recipient,
    recipient_token_account, requested_amount, received_amount, reference, status, expires_at, created_at, locked_at, paid_at)
  select ${prefix} || i, 'collect', ${userId}::uuid, (array[-5001, 8453])[1 + i % 2], 'USDC', 'mint', 6, 'Merchant', 'Ata',
    (1 + i % 500) * 1000000, case when i % 4 in (1, 2) then (1 + i % 500) * 1000000 end, ${prefix} || 'ref' || i,
    (array['initiated','paid','validated','failed'])[1 + i % 4], now(),
    now() - (i::float8 * ${YEAR_SECONDS / Math.max(1, Math.ceil(ROWS / MERCHANTS))}) * interval '1 second',
    now() - (i::float8 * ${YEAR_SECONDS / Math.max(1, Math.ceil(ROWS / MERCHANTS))}) * interval '1 second',
    case when i % 4 in (1, 2) then now() - (i::float8 * ${YEAR_SECONDS / Math.max(1, Math.ceil(ROWS / MERCHANTS))}) * interval '1 second' end
  from generate_series(1, ${count}) as i`;

async function timed(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

const name = `zpay_bench_admin_${process.pid}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(BASE_URL);
url.pathname = `/${name}`;
try {
  const database = await openDb({ databaseUrl: url.toString() });
  try {
    const db = database.db;
    const t0 = performance.now();
    for (let m = 0; m < MERCHANTS; m++) await db.execute(seed(await insertMerchant(db), Math.ceil(ROWS / MERCHANTS), `m${m}-`));
    await db.execute(sql`analyze`);
    console.log(`seeded ${ROWS} transactions, ${MERCHANTS} merchants in ${round((performance.now() - t0) / 1000)} s`);
    const month = lastDays(30);
    const year = lastDays(365);
    const stats30 = await computeAdminStats(db, month);
    console.log(`30 days: ${stats30.payments} payments, ${stats30.paid.count} paid, ${stats30.paid.volume} USD`);
    console.log(`stats, last 30 days (ms):`, await timed(() => computeAdminStats(db, month)));
    console.log(`stats, last 365 days (ms):`, await timed(() => computeAdminStats(db, year)));
    console.log(`billing, 12 months (ms):`, await timed(() => billingRows(db, lastMonths(12))));
    const plan = (await db.execute(sql`explain (costs off) select count(*) from transactions where created_at >= ${new Date(`${month.start}T00:00:00Z`)} and created_at < now()`)) as unknown as {
      rows: { "QUERY PLAN": string }[];
    };
    console.log(`plan (30 days): ${plan.rows.map((r) => r["QUERY PLAN"].trim()).join(" | ")}`);
  } finally {
    await database.close();
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
