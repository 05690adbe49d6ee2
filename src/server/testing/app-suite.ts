import { afterAll, beforeAll } from "vitest";
import { createApp } from "../app";
import type { Database, Db, DbKind } from "../db/client";
import type { AppDeps } from "../deps";
import { openTestDb } from "./databases";
import { testDeps } from "./deps";

/**
 * The merchant app over a fresh database, as a module's integration tests use it. The fields are
 * filled by the suite's `beforeAll`: read them inside hooks and tests, never at collection time.
 */
export interface AppSuite {
  database: Database;
  /** `database.db`, which the tests query most. */
  db: Db;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  /** Calls `/api{path}` as the merchant `m` (signed out without one), sending `body` as JSON when given; answers the raw response. */
  call(method: string, path: string, m?: { auth: Record<string, string> }, body?: unknown): Response | Promise<Response>;
}

/**
 * Registers, in the calling `describe` block, a fresh migrated database of `kind` with the app over
 * it before the tests, and closes (on PostgreSQL, drops) the database after them. The sign-in rate
 * limit is raised: a suite signs in far more merchants than one visitor would.
 */
export function appSuite(kind: DbKind): AppSuite {
  // Filled in by beforeAll; `call` reads `suite.app` only when a test calls it.
  const suite = {
    call: (method: string, path: string, m?: { auth: Record<string, string> }, body?: unknown) =>
      suite.app.request(`/api${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  } as AppSuite;
  beforeAll(async () => {
    suite.database = await openTestDb(kind);
    suite.db = suite.database.db;
    suite.deps = testDeps(suite.database, { SIGNIN_RATE_LIMIT: "1000" });
    suite.app = createApp(suite.deps);
  });
  afterAll(() => suite.database?.close());
  return suite;
}
