import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "./app";
import type { Database } from "./db/client";
import { TEST_BACKENDS, openTestDb } from "./testing/databases";
import { testDeps } from "./testing/deps";
import { newestMigrationTag } from "./testing/migrations";

describe.each(TEST_BACKENDS)("app origin on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database));
  });
  afterAll(() => database.close());

  it("reports health with the database kind and the applied migration to a local caller", async () => {
    const res = await app.request("/api/health", {}, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.mode).toBe("sandbox");
    expect(body.database.kind).toBe(kind);
    expect(body.database.reachable).toBe(true);
    expect(body.database.migration.version).toBe(newestMigrationTag());
    expect(body.database.migration.applied).toBe(body.database.migration.available);
  });

  it("answers every request with a request id", async () => {
    const res = await app.request("/api/health");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app.request("/api/health", { headers: { "x-request-id": "trace-abc" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-abc");
  });

  it("lists supported currencies as [code, name] pairs from the database", async () => {
    const res = await app.request("/api/supported-currencies");
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: [string, string][] };
    expect(data).toContainEqual(["USD", "US Dollar"]);
    expect(data).toContainEqual(["EUR", "Euro"]);
    expect(data.map(([code]) => code)).toEqual([...data.map(([code]) => code)].sort());
  });

  it("answers unknown API paths with the JSON error body", async () => {
    const res = await app.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Resource not found", code: "not_found" });
  });

  it("refuses a method the route does not have", async () => {
    const res = await app.request("/api/health", { method: "DELETE" });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("not_found");
  });

  it("publishes an OpenAPI 3.1 document naming its routes and the error schema", async () => {
    const res = await app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/health", "/supported-currencies"]));
    expect(doc.components.schemas.Health).toBeDefined();
  });

  it("serves the API docs page and its script from our own origin, with no CDN", async () => {
    const res = await app.request("/api/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('src="/api/docs/scalar.js"');
    expect(html).toContain("/api/openapi.json");
    expect(html).not.toMatch(/https?:\/\/(cdn|fonts)\./);
    const script = await app.request("/api/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});

describe.each(TEST_BACKENDS)("payments origin on %s", (kind) => {
  let database: Database;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    payments = createPaymentsApp(testDeps(database));
  });
  afterAll(() => database.close());

  it("does not expose merchant routes", async () => {
    expect((await payments.request("/api/supported-currencies")).status).toBe(404);
    expect((await payments.request("/api/openapi.json")).status).toBe(404);
  });

  it("answers health", async () => {
    expect((await payments.request("/api/health")).status).toBe(200);
  });
});
