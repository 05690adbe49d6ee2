import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { startServer, type RunningServer } from "../src/server/server";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "../src/server/app";
import { NO_CHAINS } from "../src/server/chains/runtime";
import { openDb, type Database } from "../src/server/db/client";
import { sessionForToken } from "../src/server/modules/auth/service";
import { listQuickPays } from "../src/server/modules/quick-pays/service";
import { loadPaymentInfo } from "../src/server/modules/quick-pays/payment-info";
import { toQuickPayDto } from "../src/server/modules/quick-pays/dto";
import { signInMerchant } from "../src/server/testing/merchants";

/**
 * HTTP throughput of the running server: autocannon against /api/health and a database-backed
 * route, on embedded PGlite and on PostgreSQL side by side.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROUTES = ["/api/health", "/api/supported-currencies"];

export interface HttpResult {
  backend: string;
  route: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

async function hammer(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
}

async function withFreshPgDatabase<T>(fn: (url: string) => Promise<T>): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: PG_SERVER });
  try {
    await admin.connect();
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${PG_SERVER} (${(err as Error).message}); skipping it.`);
    return undefined;
  }
  const name = `zpay_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const u = new URL(PG_SERVER);
    u.pathname = `/${name}`;
    return await fn(u.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function measure(backend: string, server: RunningServer): Promise<HttpResult[]> {
  const results: HttpResult[] = [];
  try {
    for (const route of ROUTES) {
      await hammer(`${server.appUrl}${route}`).then(() => undefined); // warm-up run, discarded
      const r = await hammer(`${server.appUrl}${route}`);
      results.push({
        backend,
        route,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
      });
    }
  } finally {
    await server.stop();
  }
  return results;
}

export async function benchHttp(): Promise<HttpResult[]> {
  const log = createLogger("warn");
  const base = { APP_PORT: "0", PAYMENTS_PORT: "0", LOG_LEVEL: "warn" };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-bench-"));
  const results: HttpResult[] = [];
  try {
    results.push(...(await measure("pglite", await startServer(parseEnv({ ...base, DATA_DIR: dataDir }), log))));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const pgResults = await withFreshPgDatabase(async (url) =>
    measure("postgres", await startServer(parseEnv({ ...base, DATABASE_URL: url }), log)),
  );
  results.push(...(pgResults ?? []));
  return results;
}

/**
 * What the HTTP edge costs: GET /api/quick-pays (a merchant's 50 zLinks, bearer token) through
 * the real app, beside a bare Hono app that does the same database work (session lookup, list,
 * payment info, DTOs) with no middleware. Both in this process on one database handle, measured
 * in turns so neither gets the warmer machine.
 */
const LINKS = 50;

export interface ListOverheadResult {
  backend: string;
  appReqPerSec: number;
  bareReqPerSec: number;
  /** app / bare, in percent. */
  ratio: number;
  errors: number;
}

function bareApp(database: Database) {
  return new Hono().get("/api/quick-pays", async (c) => {
    const token = c.req.header("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    const session = await sessionForToken(database.db, token);
    if (!session) return c.json({ message: "Sign in", code: "unauthorized" }, 401);
    const rows = await listQuickPays(database.db, session.user.id);
    const infos = await loadPaymentInfo(database.db, rows.map((r) => r.id));
    return c.json({ data: rows.map((r) => toQuickPayDto(r, infos.get(r.id))) });
  });
}

/** Handlers still running: autocannon drops its sockets at the end of a run, not their work. */
let inFlight = 0;
const counted = (fetch: (req: Request) => Response | Promise<Response>) => async (req: Request) => {
  inFlight++;
  try {
    return await fetch(req);
  } finally {
    inFlight--;
  }
};

async function settled() {
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 10));
}

function listen(fetch: (req: Request) => Response | Promise<Response>) {
  return new Promise<{ server: ServerType; url: string }>((resolve) => {
    const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => resolve({ server, url: `http://127.0.0.1:${info.port}` }));
  });
}

/** Waits for answers in flight (the database closes next), dropping idle keep-alive sockets. */
const closeServer = (server: ServerType) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });

async function measureListOverhead(backend: string, database: Database): Promise<ListOverheadResult> {
  const env = parseEnv({ LOG_LEVEL: "warn", SIGNIN_RATE_LIMIT: "1000" });
  const app = createApp({ env, database, log: createLogger("warn"), chains: NO_CHAINS, startedAt: new Date() });
  const merchant = await signInMerchant(app);
  for (let i = 0; i < LINKS; i++) {
    const res = await app.request("/api/quick-pays/create", {
      method: "POST",
      headers: { "content-type": "application/json", ...merchant.auth },
      body: JSON.stringify({ label: `Link ${i}`, price: "12.5", currency: "USD", userCurrency: "USD" }),
    });
    if (res.status !== 201) throw new Error(`zLink ${i}: ${res.status} ${await res.text()}`);
  }
  const real = await listen(counted(app.fetch));
  const bare = await listen(counted(bareApp(database).fetch));
  const run = async (base: string, seconds: number) =>
    autocannon({ url: `${base}/api/quick-pays`, headers: merchant.auth, connections: CONNECTIONS, duration: seconds });
  try {
    await run(real.url, 2); // warm-up, discarded
    await run(bare.url, 2);
    // Four short turns each, interleaved, so load from elsewhere on the machine hits both alike.
    const TURNS = 4;
    const sums = { app: 0, bare: 0, errors: 0 };
    for (let turn = 0; turn < TURNS; turn++) {
      const a = await run(real.url, SECONDS / TURNS);
      const b = await run(bare.url, SECONDS / TURNS);
      sums.app += a.requests.average;
      sums.bare += b.requests.average;
      sums.errors += a.errors + a.non2xx + b.errors + b.non2xx;
    }
    return {
      backend,
      appReqPerSec: Math.round(sums.app / TURNS),
      bareReqPerSec: Math.round(sums.bare / TURNS),
      ratio: Math.round((sums.app / sums.bare) * 1000) / 10,
      errors: sums.errors,
    };
  } finally {
    await closeServer(real.server);
    await closeServer(bare.server);
    await settled();
  }
}

export async function benchListOverhead(): Promise<ListOverheadResult[]> {
  const results: ListOverheadResult[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-bench-list-"));
  const pglite = await openDb({ dataDir });
  try {
    results.push(await measureListOverhead("pglite", pglite));
  } finally {
    await pglite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const pg = await withFreshPgDatabase(async (url) => {
    const database = await openDb({ databaseUrl: url });
    try {
      return await measureListOverhead("postgres", database);
    } finally {
      await database.close();
    }
  });
  if (pg) results.push(pg);
  return results;
}
