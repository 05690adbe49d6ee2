import { NO_CHAINS, type ChainRuntime } from "../chains/runtime";
import type { Database } from "../db/client";
import { parseEnv } from "../env";
import type { AppDeps } from "../deps";
import { createLogger } from "../logger";
import { registerProducts } from "../products";

/** App dependencies for in-process tests: default env, silent logs, no chains unless given. */
export function testDeps(database: Database, env: Record<string, string> = {}, chains: ChainRuntime = NO_CHAINS): AppDeps {
  // As at the process start: services tested without an app still find every product type.
  registerProducts();
  return { env: parseEnv({ LOG_LEVEL: "silent", ...env }), database, log: createLogger("silent"), chains, startedAt: new Date() };
}
