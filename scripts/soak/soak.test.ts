import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runSoak } from "./soak";

/**
 * The fault campaign in small (`npm run soak` runs it with 200 payers and minute-long faults):
 * a real two-process cluster on PostgreSQL with its chain host, real payers, and kill -9 of the
 * watcher's leader, the chain's RPC refused and then hung, the webhook endpoint down, SIGTERM under
 * keep-alive traffic. Nothing may be lost, credited twice or delivered twice without a log entry.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)("soak: a cluster under faults (PostgreSQL)", () => {
  it("loses no payment, credits each once, logs every delivery and stops cleanly", async () => {
    const url = new URL(base!);
    url.pathname = `/zpay_soak_test_${process.pid}`;
    const lines: string[] = [];
    try {
      const result = await runSoak({
        databaseUrl: url.toString(),
        payers: 12,
        rpcCutMs: 3_000,
        rpcHangMs: 3_000,
        webhookDownMs: 3_000,
        settleMs: 90_000,
        basePort: 4821,
        onLine: (name, line) => lines.push(`${name} ${line}`),
      });
      expect(result, lines.filter((l) => /"level":(40|50|60)/.test(l)).slice(-20).join("\n")).toMatchObject({
        payments: 12,
        validated: 12,
        lost: 0,
        doubleCredits: 0,
        doubleOutboxRows: 0,
        unloggedDuplicates: 0,
        nonJsonLogLines: 0,
      });
      expect(result.eventsDelivered).toBe(result.events);
      expect(result.events).toBe(24); // paid and validated, once each
      expect(result.takeoverMs).toBeDefined();
      expect(result.sigtermExit).toMatchObject({ code: 0, signal: null, cut: 0 });
    } finally {
      const admin = new URL(base!);
      admin.pathname = "/postgres";
      spawnSync("psql", [admin.toString(), "-qc", `drop database if exists zpay_soak_test_${process.pid} with (force)`]);
    }
  }, 300_000);
});
