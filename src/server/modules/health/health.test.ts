import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";

/** What @hono/node-server passes as bindings: the socket a request came in on. */
const fromSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe.each(TEST_BACKENDS)("health details on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(() => database.close());

  it("shows mode and database kind to a caller on this machine", async () => {
    for (const app of [createApp(testDeps(database)), createPaymentsApp(testDeps(database))]) {
      for (const local of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
        const body = await (await app.request("/api/health", {}, fromSocket(local))).json();
        expect(body).toMatchObject({ status: "ok", mode: "sandbox", database: { kind, reachable: true } });
        expect(body.database.migration.applied).toBe(body.database.migration.available);
      }
    }
  });

  it("hides them from a remote caller, even one claiming to be local in X-Forwarded-For", async () => {
    const app = createPaymentsApp(testDeps(database, { TRUST_PROXY: "1" }));
    const res = await app.request("/api/health", { headers: { "x-forwarded-for": "127.0.0.1" } }, fromSocket("203.0.113.5"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: "ok", database: { reachable: true }, uptimeSeconds: expect.any(Number) });
  });

  it("shows them to everyone with HEALTH_DETAILS=true", async () => {
    const app = createApp(testDeps(database, { HEALTH_DETAILS: "true" }));
    const body = await (await app.request("/api/health", {}, fromSocket("203.0.113.5"))).json();
    expect(body).toMatchObject({ mode: "sandbox", database: { kind, reachable: true } });
  });
});
