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
  /**
   * Set by a route answering a stream of unknown length (the CSV export): compression then encodes
   * it on the fly and never reads it whole first (see http/compression.ts).
   */
  streamed?: boolean;
}

export type AppEnv = { Variables: AppVariables };
