import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { parseEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { startServer, type RunningServer } from "../src/server/server";

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
