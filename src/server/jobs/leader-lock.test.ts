import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { until } from "../testing/webhook-receiver";
import { holdLeadership, type Leadership } from "./leader-lock";

const log = createLogger("silent");
const KEY = [0x7a70_0f00, 42] as const;

/** A contender whose work is a flag: `running` is true between start and stop. */
function contender(database: Database) {
  const state = { running: false, starts: 0 };
  const leadership: Leadership = holdLeadership(
    database,
    async () => {
      state.running = true;
      state.starts++;
      return async () => {
        state.running = false;
      };
    },
    { key: KEY, retryMs: 100, log, name: "test" },
  );
  return { state, leadership };
}

describe.each(TEST_BACKENDS)("leader lock (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("leads at once when nobody else holds the lock, and stops its work on stop", async () => {
    const one = contender(database);
    await until(() => (one.state.running ? true : undefined), "leading");
    expect(one.leadership.leading).toBe(true);
    await one.leadership.stop();
    expect(one.state.running).toBe(false);
  });

  it.runIf(kind === "postgres")("exactly one of two contenders leads; when the leader's connection dies the other takes over", async () => {
    const a = contender(database);
    const b = contender(database);
    const leaders = () => [a, b].filter((c) => c.state.running);
    const first = await until(() => (leaders().length > 0 ? leaders()[0] : undefined), "a leader");
    // Several retry periods later there is still exactly one.
    await new Promise((r) => setTimeout(r, 500));
    expect(leaders()).toEqual([first]);
    const other = first === a ? b : a;

    // Kill the leader's connection from the server side, as a crashed process would lose it.
    const admin = new pg.Client({ connectionString: database.connectionString });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and granted",
        [KEY[0], KEY[1]],
      );
      expect(rows).toHaveLength(1);
      await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    await until(() => (other.state.running ? true : undefined), "the follower takes over");
    await until(() => (!first.state.running ? true : undefined), "the old leader stops its work");
    expect(leaders()).toEqual([other]);

    await Promise.all([a.leadership.stop(), b.leadership.stop()]);
    expect(leaders()).toEqual([]);
  });
});
