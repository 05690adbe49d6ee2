import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { UserRow } from "../modules/auth/service";

/** What every handler may read from `c.var`. */
export interface AppVariables {
  requestId: string;
  log: Logger;
  /** Set by `requireMerchant` on routes behind a session. */
  user: UserRow;
  sessionToken: string;
}

export interface AppDeps {
  env: Env;
  database: Database;
  log: Logger;
  /** When the process started serving, for /api/health uptime. */
  startedAt?: Date;
}

export type AppEnv = { Variables: AppVariables };
