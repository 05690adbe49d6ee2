import type { Database } from "../db/client";
import { parseEnv } from "../env";
import type { AppDeps } from "../http/context";
import { createLogger } from "../logger";

/** App dependencies for in-process tests: default env, silent logs. */
export function testDeps(database: Database, env: Record<string, string> = {}): AppDeps {
  return { env: parseEnv({ LOG_LEVEL: "silent", ...env }), database, log: createLogger("silent"), startedAt: new Date() };
}
