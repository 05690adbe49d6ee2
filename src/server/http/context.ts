import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";

/** What every handler may read from `c.var`. */
export interface AppVariables {
  requestId: string;
  log: Logger;
}

export interface AppDeps {
  env: Env;
  database: Database;
  log: Logger;
  /** When the process started serving, for /api/health uptime. */
  startedAt?: Date;
}

export type AppEnv = { Variables: AppVariables };
