import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../app";
import type { Database } from "../db/client";
import { openTestDb } from "../testing/databases";
import { testDeps } from "../testing/deps";
import { canonicalSpelling } from "./spec-spellings";

describe("SPEC's page spellings", () => {
  it.each([
    ["/zAPI", "/zapi"],
    ["/zRamp", "/zramp"],
    ["/ZAPI/", "/zapi/"],
    ["/Zramp", "/zramp"],
    ["/zAPI/next/abc/def", "/zapi/next/abc/def"],
  ])("%s is spelled %s", (path, canonical) => expect(canonicalSpelling(path)).toBe(canonical));

  it.each(["/", "/zapi", "/zramp/", "/Dashboard", "/api/zramp", "/zapis", "/x/zAPI", "/api/zAPI"])("%s is left alone", (path) =>
    expect(canonicalSpelling(path)).toBeUndefined(),
  );
});

describe("the app origin redirects SPEC's spellings", () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb("pglite");
    app = createApp(testDeps(database));
    payments = createPaymentsApp(testDeps(database));
  });
  afterAll(() => database.close());

  it("sends /zAPI and /zRamp permanently to /zapi and /zramp, keeping the query", async () => {
    for (const [from, to] of [
      ["/zAPI", "/zapi"],
      ["/zRamp?x=1", "/zramp?x=1"],
    ]) {
      const res = await app.request(from, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(to);
    }
    expect((await app.request("/zRamp", { method: "HEAD" })).status).toBe(301);
  });

  it("answers other methods, the API and the payments origin as before", async () => {
    expect((await app.request("/zAPI", { method: "POST" })).status).toBe(404);
    expect((await app.request("/zapi")).status).toBe(404); // no build in this test: served by staticSite when there is one
    expect((await payments.request("/zAPI")).status).toBe(404);
  });
});
