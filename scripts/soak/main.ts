import { spawnSync } from "node:child_process";
import { runSoak, soakTable } from "./soak";

/**
 * `npm run soak`: the fault campaign against a fresh two-process cluster (see soak.ts). Settings:
 * SOAK_PAYERS (200), SOAK_RPC_CUT_MS (30000), SOAK_RPC_HANG_MS (30000), SOAK_WEBHOOK_DOWN_MS (60000),
 * SOAK_SETTLE_MS (240000); SOAK_DATABASE_URL (default: a fresh database on the local PostgreSQL,
 * dropped afterwards); SOAK_VERBOSE=1 prints every log line of the cluster.
 */
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const own = !process.env.SOAK_DATABASE_URL;
const databaseUrl = process.env.SOAK_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/zpay_soak_${process.pid}`;
const began = Date.now();
// Stopped from outside: exit, so the cluster's children are killed with this process.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
try {
  const result = await runSoak({
    databaseUrl,
    payers: setting("SOAK_PAYERS", 200),
    rpcCutMs: setting("SOAK_RPC_CUT_MS", 30_000),
    rpcHangMs: setting("SOAK_RPC_HANG_MS", 30_000),
    webhookDownMs: setting("SOAK_WEBHOOK_DOWN_MS", 60_000),
    settleMs: setting("SOAK_SETTLE_MS", 240_000),
    say: (text) => console.log(`[soak ${((Date.now() - began) / 1000).toFixed(1)} s] ${text}`),
    onLine: process.env.SOAK_VERBOSE ? (name, line) => console.log(`${name.padEnd(10)} ${line}`) : undefined,
  });
  console.log(`\n${soakTable(result)}\n\n(${((Date.now() - began) / 1000).toFixed(0)} s in all)`);
  process.exitCode = result.lost === 0 && result.unloggedDuplicates === 0 && result.doubleCredits === 0 ? 0 : 1;
} finally {
  if (own) spawnSync("psql", ["postgres://postgres@127.0.0.1:5432/postgres", "-qc", `drop database if exists zpay_soak_${process.pid} with (force)`]);
}
