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

export type AppEnv = { Variables: AppVariables };
