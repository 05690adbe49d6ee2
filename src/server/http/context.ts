import type { ChainRuntime } from "../chains/runtime";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Queue } from "../jobs/queue";
import type { Logger } from "../logger";
import type { UserRow } from "../db/schema";

/** What every handler may read from `c.var`. */
export interface AppVariables {
  requestId: string;
  log: Logger;
  /** Set by `requireMerchant` (modules/auth/middleware.ts) on routes behind a session. */
  user: UserRow;
  sessionToken: string;
  /** When the session's sign-in happened, for `requireFreshSignIn`. */
  signedInAt: Date;
}

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
}

export type AppEnv = { Variables: AppVariables };
