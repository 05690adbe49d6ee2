import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDb, type Database } from "../db/client";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { testDeps } from "../testing/deps";

const fromSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
type App = ReturnType<typeof createApp>;

/** A sign-in attempt with an empty body: 400 from validation, or 429 once limited. */
const attempt = (app: App, forwardedFor?: string, socket = "10.0.0.2") =>
  Promise.resolve(
    app.request(
      "/api/solana-signin",
      { method: "POST", headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) }, body: "{}" },
      fromSocket(socket),
    ),
  ).then((r) => r.status);

// On PostgreSQL the counters live in the database every test shares, and a limit counts an address
// block (IPv4 /24, IPv6 /64): each test uses blocks of its own.
describe.each(TEST_BACKENDS)("rate limits on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(() => database.close());

  it("counts a client behind one proxy once, however it forges X-Forwarded-For", async () => {
    const app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "3", TRUST_PROXY: "1" }));
    expect(await attempt(app, "1.1.1.1, 203.0.113.10")).toBe(400);
    expect(await attempt(app, "2.2.2.2, 203.0.113.10")).toBe(400);
    expect(await attempt(app, "3.3.3.3, 4.4.4.4, 203.0.113.10")).toBe(400);
    expect(await attempt(app, "5.5.5.5, 203.0.113.10")).toBe(429);
    expect(await attempt(app, "5.5.5.5, 198.51.100.11")).toBe(400); // another client behind the proxy
  });

  it("counts an attacker rotating addresses inside one IPv6 /64 or IPv4 /24 once", async () => {
    const app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "2", TRUST_PROXY: "1" }));
    expect(await attempt(app, "2001:db8:7:1::1")).toBe(400);
    expect(await attempt(app, "2001:db8:7:1:ffff::2")).toBe(400);
    expect(await attempt(app, "2001:db8:7:1:abcd:1234:5678:9")).toBe(429);
    expect(await attempt(app, "2001:db8:7:2::1")).toBe(400); // the next /64 is someone else
    expect(await attempt(app, "203.0.120.77")).toBe(400);
    expect(await attempt(app, "203.0.120.78")).toBe(400);
    expect(await attempt(app, "::ffff:203.0.120.79")).toBe(429);
    expect(await attempt(app, "203.0.121.77")).toBe(400);
  });

  it("without a trusted proxy keys on the socket and ignores X-Forwarded-For", async () => {
    const app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "2" }));
    expect(await attempt(app, "1.1.1.1", "198.51.101.30")).toBe(400);
    expect(await attempt(app, "2.2.2.2", "198.51.101.30")).toBe(400);
    expect(await attempt(app, "3.3.3.3", "198.51.101.30")).toBe(429);
    expect(await attempt(app, "3.3.3.3", "192.0.2.31")).toBe(400);
  });

  it.runIf(kind === "postgres")("shares one limit between two app processes on the same database", async () => {
    // A second handle (its own pool) on the same PostgreSQL database stands for a second process.
    const other = await openDb({ databaseUrl: database.connectionString! });
    try {
      const first = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "3" }));
      const second = createApp(testDeps(other, { SIGNIN_RATE_LIMIT: "3" }));
      expect(await attempt(first, undefined, "198.51.102.40")).toBe(400);
      expect(await attempt(second, undefined, "198.51.102.40")).toBe(400);
      expect(await attempt(first, undefined, "198.51.102.40")).toBe(400);
      expect(await attempt(second, undefined, "198.51.102.40")).toBe(429);
      expect(await attempt(first, undefined, "198.51.102.40")).toBe(429);
    } finally {
      await other.close();
    }
  });

  it.runIf(kind === "pglite")("keeps counters in the process with embedded PGlite", async () => {
    const first = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1" }));
    const second = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1" }));
    expect(await attempt(first, undefined, "198.51.103.50")).toBe(400);
    expect(await attempt(first, undefined, "198.51.103.50")).toBe(429);
    expect(await attempt(second, undefined, "198.51.103.50")).toBe(400);
  });
});
