import { afterAll, beforeAll } from "vitest";
import type { Database, DbKind } from "../db/client";
import { openTestDb } from "./databases";
import { startEvmPayFixture, type EvmPayFixture } from "./evm-pay-fixture";

/** A fresh database and the EVM pay fixture over it, as a suite's tests use them. */
export interface EvmPaySuite {
  database: Database;
  f: EvmPayFixture;
}

/**
 * Registers, in the calling `describe` block, a fresh database of `kind` and the EVM pay fixture
 * over it before the tests (90 s: two anvils start and deploy their contracts), and stops both
 * after them. The fields are filled by that `beforeAll`: read them inside hooks and tests only.
 * It lives apart from the fixture because the bench starts the fixture outside vitest.
 */
export function evmPaySuite(kind: DbKind): EvmPaySuite {
  const suite = {} as EvmPaySuite;
  beforeAll(async () => {
    suite.database = await openTestDb(kind);
    suite.f = await startEvmPayFixture(suite.database);
  }, 90_000);
  afterAll(async () => {
    await suite.f?.stop();
    await suite.database?.close();
  });
  return suite;
}
