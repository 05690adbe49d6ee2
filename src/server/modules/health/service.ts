import { sql } from "drizzle-orm";
import { createPublicClient } from "viem";
import { evmHttp } from "../../chains/evm/transport";
import { DEFAULT_RPC_POLICY, type RpcPolicy } from "../../chains/rpc-fetch";
import { solanaConnection } from "../../chains/solana/connection";
import { migrationState } from "../../db/client";
import type { AppDeps } from "../../deps";

/** Probes the database; a failure is reported as `degraded`, never thrown. */
export async function readHealth({ env, database, log, startedAt }: AppDeps) {
  const uptimeSeconds = startedAt ? Math.round((Date.now() - startedAt.getTime()) / 1000) : 0;
  try {
    const migration = await migrationState(database.db);
    const current = migration.applied === migration.available;
    return {
      status: current ? ("ok" as const) : ("degraded" as const),
      mode: env.ZPAY_MODE,
      database: { kind: database.kind, reachable: true, migration },
      uptimeSeconds,
    };
  } catch (err) {
    log.error({ err }, "health: database probe failed");
    return {
      status: "degraded" as const,
      mode: env.ZPAY_MODE,
      database: { kind: database.kind, reachable: false, migration: { version: null, applied: 0, available: 0 } },
      uptimeSeconds,
    };
  }
}

/** What any caller may see: no mode, database kind or migration, which help an attacker more than a monitor. */
export function publicHealth(health: Awaited<ReturnType<typeof readHealth>>) {
  return { status: health.status, database: { reachable: health.database.reachable }, uptimeSeconds: health.uptimeSeconds };
}

/** How long a readiness answer is reused: a probe every few seconds costs each chain one call. */
export const READINESS_CACHE_MS = 5_000;

export interface ChainReadiness {
  chainId: number;
  reachable: boolean;
  /** How long the probe took, ms. */
  latencyMs: number;
  /** Why it failed (callers on this machine, or with HEALTH_DETAILS). */
  error?: string;
}

/** A probe that gives up after `ms`: readiness never waits on a node that does not answer. */
async function within<T>(ms: number, probe: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([probe(), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function probeChain(chainId: number, deadlineMs: number, call: () => Promise<unknown>): Promise<ChainReadiness> {
  const started = performance.now();
  try {
    await within(deadlineMs, call);
    return { chainId, reachable: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { chainId, reachable: false, latencyMs: Math.round(performance.now() - started), error: (err as Error).message };
  }
}

/**
 * Whether this process can do its work: the database answers, the job queue runs, and each chain's
 * node answers a cheap call within the chain's RPC deadline (one attempt, no retry). A chain that
 * does not answer makes the status `degraded` (payments on it wait; everything else works, and the
 * chain is the same for every process, so taking this one out of rotation would not help); a
 * database or job queue that does not answer makes it `unavailable` (503).
 */
export async function readReadiness(deps: Pick<AppDeps, "env" | "database" | "log" | "chains" | "queue" | "startedAt">) {
  const health = await readHealth(deps as AppDeps);
  const deadline = (rpc?: RpcPolicy) => (rpc ?? { timeoutMs: deps.env.RPC_TIMEOUT_MS }).timeoutMs;
  const single = (rpc?: RpcPolicy): RpcPolicy => ({ ...(rpc ?? DEFAULT_RPC_POLICY), retries: 0 });
  const probes: Promise<ChainReadiness>[] = [];
  const solana = deps.chains.solana;
  if (solana) probes.push(probeChain(solana.chainId, deadline(solana.rpc), () => solanaConnection({ ...solana, rpc: single(solana.rpc) }, "confirmed").getSlot()));
  for (const evm of deps.chains.evm) {
    probes.push(probeChain(evm.chainId, deadline(evm.rpc), () => createPublicClient({ transport: evmHttp({ ...evm, rpc: single(evm.rpc) }), cacheTime: 0 }).getBlockNumber()));
  }
  const queue = deps.queue;
  const [chains, jobs] = await Promise.all([
    Promise.all(probes),
    queue
      ? within(5_000, () => queue.getQueues())
          .then(() => ({ running: true }))
          .catch(() => ({ running: false }))
      : Promise.resolve(null),
  ]);
  const unavailable = !health.database.reachable || jobs?.running === false;
  const status = unavailable ? ("unavailable" as const) : health.status === "ok" && chains.every((c) => c.reachable) ? ("ok" as const) : ("degraded" as const);
  return { status, database: health.database, jobs, chains, uptimeSeconds: health.uptimeSeconds, mode: health.mode };
}

/** What any caller may see of readiness: no error texts (they name internal addresses), mode or database kind. */
export function publicReadiness(readiness: Awaited<ReturnType<typeof readReadiness>>) {
  return {
    status: readiness.status,
    database: { reachable: readiness.database.reachable },
    jobs: readiness.jobs,
    chains: readiness.chains.map(({ error: _error, ...chain }) => chain),
    uptimeSeconds: readiness.uptimeSeconds,
  };
}

/** Payments created in the last 24 hours by status, for /metrics (read at scrape time). */
export async function recentPaymentsByStatus(db: AppDeps["database"]["db"]): Promise<{ status: string; count: number }[]> {
  const result = (await db.execute(
    sql`select status::text as status, count(*)::int as count from transactions where created_at > now() - interval '24 hours' group by status`,
  )) as unknown as { rows: { status: string; count: number }[] };
  return result.rows;
}
