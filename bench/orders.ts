import pg from "pg";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { createApp } from "../src/server/app";
import { NO_CHAINS } from "../src/server/chains/runtime";
import { openDb } from "../src/server/db/client";
import { insertMerchant, signInMerchant } from "../src/server/testing/merchants";
import { buildServer, SERVER_NODE_FLAGS } from "../scripts/build-server.mjs";

/**
 * The Orders list at scale on PostgreSQL: one merchant with 1,000,000 transactions among several
 * merchants (seeded with INSERT … SELECT generate_series in a database this bench creates and
 * drops), the p95 of its first, middle, last and filtered pages through the real app, the query
 * plans behind them, and the CSV export of all 1,000,000 rows over HTTP from a server process of
 * its own (bench/orders-server.ts, bundled and flagged as `npm start` runs the server): rows/s and
 * that process's RSS while the export streams. Reports only.
 */
const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const OTHER_MERCHANTS = 3;
const OTHER_ROWS = Math.round(ROWS / 10);
const REQUESTS = Number(process.env.BENCH_ORDER_REQUESTS ?? 40);

export interface OrdersBench {
  rows: number;
  pages: { page: string; p50: number; p95: number; max: number; rowsShown: number }[];
  plans: { page: string; plan: string }[];
  csv: { rows: number; seconds: number; rowsPerSec: number; rssStartMb: number; rssPeakMb: number; rssHighWaterMb: number; mb: number };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => round(bytes / 1024 / 1024);

/** A database of its own beside the given one's, so nothing else is touched. */
async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `zpay_bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** `count` transactions of `userId`, one a second back from now; a quarter each initiated, paid, validated, failed. */
const seed = (userId: string, count: number, prefix: string) => sql`
  insert into transactions (public_id, product_type, user_id, chain_id, token, token_address, decimals, recipient,
    recipient_token_account, requested_amount, received_amount, reference, status, signature, payer, expires_at, created_at, locked_at)
  select ${prefix} || i, (array['quick-pay','collect','bill','dynamic'])[1 + i % 4], ${userId}::uuid, -5001, 'USDC',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6, 'Merchant11111111111111111111111111111111111', 'Ata111111111111111111111111111111111111111',
    (1 + i % 500) * 1000000, case when i % 4 in (1, 2) then (1 + i % 500) * 1000000 end, ${prefix} || 'ref' || i,
    (array['initiated','paid','validated','failed'])[1 + i % 4], case when i % 4 in (1, 2) then ${prefix} || 'sig' || i end,
    case when i % 4 in (1, 2) then 'Payer' || (i % 1000) end, now(), now() - i * interval '1 second', now() - i * interval '1 second'
  from generate_series(1, ${count}) as i`;

/** A kB figure of /proc/<pid>/status (VmRSS now, VmHWM the peak so far), in bytes. */
function procStatusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** bench/orders-server.ts in a child process: its URL, RSS readers and a stop. */
async function startServerProcess(databaseUrl: string) {
  // Bundled and flagged as `npm start` runs the server; BENCH_SERVER_NODE_FLAGS tries other V8 flags.
  const bundle = await buildServer("bench/orders-server.ts", "orders-server");
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(" ").filter(Boolean) ?? SERVER_NODE_FLAGS;
  const child = spawn(process.execPath, [...flags, bundle], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith('{"port"')) resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    rss: () => procStatusBytes(child.pid!, "VmRSS"),
    rssHighWater: () => procStatusBytes(child.pid!, "VmHWM"),
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function benchOrders(): Promise<OrdersBench> {
  return withDatabase(async (databaseUrl) => {
    const database = await openDb({ databaseUrl });
    try {
      const env = parseEnv({ LOG_LEVEL: "warn", SIGNIN_RATE_LIMIT: "1000", DATABASE_URL: databaseUrl });
      const app = createApp({ env, database, log: createLogger("warn"), chains: NO_CHAINS, startedAt: new Date() });
      const merchant = await signInMerchant(app);
      const db = database.db;
      for (let m = 0; m < OTHER_MERCHANTS; m++) await db.execute(seed(await insertMerchant(db), OTHER_ROWS, `o${m}-`));
      await db.execute(seed(merchant.id, ROWS, "m-"));
      // A small merchant among the big ones: 50 payments, a week apart, the newest a year back, so
      // a plan walking the table's created_at index would pass every other row before its first.
      const small = await signInMerchant(app);
      await db.execute(sql`insert into transactions (public_id, product_type, user_id, chain_id, token, token_address, decimals, recipient,
          recipient_token_account, requested_amount, reference, status, expires_at, created_at)
        select 's-' || i, 'quick-pay', ${small.id}::uuid, -5001, 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6,
          'Merchant11111111111111111111111111111111111', 'Ata111111111111111111111111111111111111111', 1000000, 's-ref' || i, 'paid',
          now(), now() - interval '1 year' - i * interval '1 week'
        from generate_series(1, 50) as i`);
      await db.execute(sql`analyze transactions`);

      // Cursors of the middle and the last page (found once with OFFSET here; the app never uses it).
      const cursorAt = async (offset: number) => {
        const r = (await db.execute(sql`select id, (extract(epoch from created_at) * 1000000)::bigint::text as iid from transactions
          where user_id = ${merchant.id} order by created_at desc, id desc offset ${offset} limit 1`)) as unknown as { rows: { id: string; iid: string }[] };
        return `${r.rows[0].iid}/${r.rows[0].id}`;
      };
      // Every status and a window holding every row: the pages walk the whole 1,000,000.
      const all = "txStatus=initiated,paid,validated,failed&timeStart=01/01/2000&timeEnd=31/12/2099";
      const pages: [string, string, { auth: Record<string, string> }?][] = [
        ["first", `/transactions?${all}`],
        ["middle", `/transactions/next/${await cursorAt(ROWS / 2)}?${all}`],
        ["last", `/transactions/next/${await cursorAt(ROWS - 5)}?${all}`],
        ["back from the middle", `/transactions/prev/${await cursorAt(ROWS / 2)}?${all}`],
        ["filtered: status failed, amount 100–200", `/transactions?txStatus=failed&minAmount=100&maxAmount=200&timeStart=01/01/2000&timeEnd=31/12/2099`],
        ["filtered: hash search", `/transactions?filterText=m-sig${ROWS / 2 + 1}&timeStart=01/01/2000&timeEnd=31/12/2099`],
        ["filtered: default (SPEC: yesterday–today, failed/validated/paid)", "/transactions"],
        ["a small merchant's first page (50 rows, a year back, among 1,300,000)", `/transactions?${all}`, small],
      ];
      // The app's first requests compile its routes and fill the connection pool: a started server is warm.
      for (let i = 0; i < 10; i++) await (await app.request(`/api/transactions?${all}`, { headers: merchant.auth })).arrayBuffer();
      const results: OrdersBench["pages"] = [];
      for (const [page, path, who = merchant] of pages) {
        const times: number[] = [];
        let rowsShown = 0;
        for (let i = 0; i < REQUESTS; i++) {
          const t0 = performance.now();
          const res = await app.request(`/api${path}`, { headers: who.auth });
          const body = (await res.json()) as { data: { table: { list: unknown[] } } };
          times.push(performance.now() - t0);
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
          rowsShown = body.data.table.list.length;
        }
        times.sort((a, b) => a - b);
        results.push({ page, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times[times.length - 1]), rowsShown });
      }

      // The plans behind the pages: index scans on transactions_user_created_id_idx, no sort, no OFFSET.
      const plans: OrdersBench["plans"] = [];
      const [iid, tid] = (await cursorAt(ROWS / 2)).split("/");
      for (const [page, query] of [
        ["first", sql`select t.id from transactions t where t.user_id = ${merchant.id} order by t.created_at desc, t.id desc limit 11`],
        [
          "middle",
          sql`select t.id from transactions t where t.user_id = ${merchant.id} and (t.created_at, t.id) < (timestamptz 'epoch' + ${iid}::bigint * interval '1 microsecond', ${tid}::uuid) order by t.created_at desc, t.id desc limit 11`,
        ],
        ["hash", sql`select t.id from transactions t where t.user_id = ${merchant.id} and t.signature = ${`m-sig${ROWS / 2 + 1}`} order by t.created_at desc, t.id desc limit 11`],
      ] as const) {
        const r = (await db.execute(sql`explain (analyze, costs off, timing off) ${query}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
        plans.push({ page, plan: r.rows.map((x) => x["QUERY PLAN"].trim()).join(" | ") });
      }

      // The CSV of every row, downloaded over HTTP from a server process of its own (the same app on
      // the same database) while that process's RSS is sampled from /proc.
      const server = await startServerProcess(databaseUrl);
      let rssStart: number;
      let rssPeak: number;
      let rssHighWater = 0;
      let bytes = 0;
      let lines = 0;
      let seconds: number;
      try {
        rssStart = server.rss();
        rssPeak = rssStart;
        const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), 20);
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/all-transactions?limit=all`, { headers: merchant.auth });
        if (res.status !== 200) throw new Error(`CSV: ${res.status} ${await res.text()}`);
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        }
        seconds = (performance.now() - t0) / 1000;
        clearInterval(sampler);
        rssPeak = Math.max(rssPeak, server.rss());
        rssHighWater = server.rssHighWater();
      } finally {
        await server.stop();
      }
      const csvRows = lines - 1;
      return {
        rows: ROWS,
        pages: results,
        plans,
        csv: { rows: csvRows, seconds: round(seconds, 2), rowsPerSec: Math.round(csvRows / seconds), rssStartMb: mb(rssStart), rssPeakMb: mb(rssPeak), rssHighWaterMb: mb(rssHighWater), mb: mb(bytes) },
      };
    } finally {
      await database.close();
    }
  });
}

export function printOrders(r: OrdersBench): void {
  console.log(`\nOrders on PostgreSQL: one merchant's ${r.rows.toLocaleString("en")} transactions among ${OTHER_MERCHANTS} others' (${REQUESTS} requests a page through the app after 10 warm-up requests; ms; target p95 ≤ 20)`);
  console.table(r.pages);
  for (const p of r.plans) console.log(`plan, ${p.page}: ${p.plan}`);
  console.log(`\nCSV export of ${r.csv.rows.toLocaleString("en")} rows (${r.csv.mb} MB): ${r.csv.seconds} s, ${r.csv.rowsPerSec.toLocaleString("en")} rows/s (target ≥ 200,000); server process RSS ${r.csv.rssStartMb} MB idle → peak ${r.csv.rssPeakMb} MB while exporting, ${r.csv.rssHighWaterMb} MB high-water since its start (target ≤ 200)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printOrders(await benchOrders());
  process.exit(0);
}
