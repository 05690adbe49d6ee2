import type { ChainRuntime } from "./chains/runtime";
import type { Database } from "./db/client";
import type { Env } from "./env";
import type { Queue } from "./jobs/queue";
import type { Logger } from "./logger";
import type { SwapProvider } from "./modules/swap";

/**
 * What the app is built from: settings, the database, the logger, the chains and the job queue.
 * Passed to every module's routes; tests build one with src/server/testing/deps.ts.
 */
export interface AppDeps {
  env: Env;
  database: Database;
  log: Logger;
  /** The chains this process pays on (local sandbox networks or configured RPC URLs). */
  chains: ChainRuntime;
  /** When the process started serving, for /api/health uptime. */
  startedAt?: Date;
  /** The job queue, when running (absent in API-only tests; outbox sweepers catch up). */
  queue?: Queue;
  /** Pays a Solana payment with another token: Jupiter in production, the sandbox's market maker (injected at start); absent, swaps are not offered. */
  swap?: SwapProvider;
}
