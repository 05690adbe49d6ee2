import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../app";
import type { Database } from "../db/client";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { testDeps } from "../testing/deps";
import { preferredEncoding } from "./compression";
import { precompress } from "../../../scripts/precompress.mjs";

const BROWSER = "gzip, deflate, br, zstd";
// Large enough to be worth encoding, repetitive enough that every encoding shrinks it.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(",")}];\n`;
const PAGE = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body>${"<p>zpay</p>".repeat(300)}</body></html>`;
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

/** A miniature Astro build, precompressed by the same step as the real one. */
async function precompressedBuild(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-compress-"));
  for (const p of ["pay", "dashboard"]) {
    fs.mkdirSync(path.join(dir, p));
    fs.writeFileSync(path.join(dir, p, "index.html"), PAGE(p));
  }
  fs.writeFileSync(path.join(dir, "404.html"), PAGE("not found"));
  fs.mkdirSync(path.join(dir, "_astro"));
  fs.writeFileSync(path.join(dir, "_astro", "app.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "_astro", "only-gzip.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "_astro", "plain.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "_astro", "logo.png"), PNG);
  await precompress(dir);
  fs.rmSync(path.join(dir, "_astro", "only-gzip.js.br"));
  fs.rmSync(path.join(dir, "_astro", "plain.js.br"));
  fs.rmSync(path.join(dir, "_astro", "plain.js.gz"));
  return dir;
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("choosing an encoding from Accept-Encoding", () => {
  it.each([
    [BROWSER, "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity", undefined],
    ["gzip;q=0, br;q=0", undefined],
    [undefined, undefined],
  ] as const)("%s → %s", (header, expected) => {
    expect(preferredEncoding(header, ["br", "gzip"])).toBe(expected);
  });

  it("only offers what exists", () => {
    expect(preferredEncoding(BROWSER, ["gzip"])).toBe("gzip");
    expect(preferredEncoding(BROWSER, [])).toBeUndefined();
  });
});

describe.each(TEST_BACKENDS)("compressed answers on %s", (kind) => {
  let database: Database;
  let distDir: string;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    distDir = await precompressedBuild();
    const deps = testDeps(database);
    app = createApp(deps, { distDir });
    payments = createPaymentsApp(deps, { distDir });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("sends a hashed asset's brotli file when the client accepts br, with its own type and the long cache", async () => {
    const res = await app.request("/_astro/app.js", { headers: { "Accept-Encoding": BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = await bytes(res);
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it("falls back to gzip for a client without brotli", async () => {
    const res = await app.request("/_astro/app.js", { headers: { "Accept-Encoding": "gzip, deflate" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(gunzipSync(await bytes(res)).toString()).toBe(SCRIPT);
  });

  it("sends the plain file, still varying on Accept-Encoding, to a client that accepts no encoding", async () => {
    for (const headers of [{}, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "br;q=0, gzip;q=0" }] as Record<string, string>[]) {
      const res = await app.request("/_astro/app.js", { headers });
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect((await bytes(res)).toString()).toBe(SCRIPT);
    }
  });

  it("answers HEAD with the chosen encoding's headers and no body", async () => {
    const res = await app.request("/_astro/app.js", { method: "HEAD", headers: { "Accept-Encoding": BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(Number(res.headers.get("content-length"))).toBe(fs.statSync(path.join(distDir, "_astro", "app.js.br")).size);
    expect((await bytes(res)).length).toBe(0);
  });

  it("falls back to the .gz file when the .br is missing, and encodes on the fly when both are", async () => {
    const gz = await app.request("/_astro/only-gzip.js", { headers: { "Accept-Encoding": BROWSER } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(Number(gz.headers.get("content-length"))).toBe(fs.statSync(path.join(distDir, "_astro", "only-gzip.js.gz")).size);
    expect(gunzipSync(await bytes(gz)).toString()).toBe(SCRIPT);
    const plain = await app.request("/_astro/plain.js", { headers: { "Accept-Encoding": BROWSER } });
    expect(plain.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-length")).toBeNull();
    expect(gunzipSync(await bytes(plain)).toString()).toBe(SCRIPT);
    const identity = await app.request("/_astro/plain.js", { headers: { "Accept-Encoding": "br" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect((await bytes(identity)).toString()).toBe(SCRIPT);
  });

  it("leaves images as they are", async () => {
    const res = await app.request("/_astro/logo.png", { headers: { "Accept-Encoding": BROWSER } });
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await bytes(res)).toEqual(PNG);
  });

  it("sends page shells (both origins) and the 404 page precompressed, shells revalidated", async () => {
    const cases = [
      [app, "/dashboard/", 200, "dashboard"],
      [app, "/dashboard", 200, "dashboard"],
      [payments, "/index.html", 200, "pay"],
      [app, "/nope", 404, "not found"],
    ] as const;
    for (const [origin, url, status, title] of cases) {
      const res = await origin.request(url, { headers: { "Accept-Encoding": BROWSER } });
      expect(res.status, url).toBe(status);
      expect(res.headers.get("content-encoding"), url).toBe("br");
      expect(res.headers.get("content-type"), url).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy"), url).toContain("default-src 'self'");
      if (status === 200) expect(res.headers.get("cache-control"), url).toBe("no-cache");
      expect(brotliDecompressSync(await bytes(res)).toString(), url).toBe(PAGE(title));
    }
  });

  it("compresses large API answers on the fly (gzip), and leaves small ones and clients without encodings alone", async () => {
    const big = await app.request("/api/openapi.json", { headers: { "Accept-Encoding": BROWSER } });
    expect(big.status).toBe(200);
    expect(big.headers.get("content-encoding")).toBe("gzip");
    expect(big.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(await bytes(big)).toString())).toHaveProperty("openapi", "3.1.0");
    const plain = await app.request("/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toHaveProperty("openapi", "3.1.0");
    const small = await app.request("/api/health", { headers: { "Accept-Encoding": BROWSER } });
    expect(small.status).toBe(200);
    expect(small.headers.get("content-encoding")).toBeNull();
    const text = await small.text();
    expect(text.length).toBeLessThan(1024);
    expect(JSON.parse(text)).toHaveProperty("status");
  });

  it("does not serve what escapes the build", async () => {
    for (const url of ["/_astro/../dashboard/index.html", "/_astro/%2e%2e/dashboard/index.html", "/_astro//app.js", "/_astro/app.js%00"]) {
      const res = await payments.request(url, { headers: { "Accept-Encoding": BROWSER } });
      expect(res.status, url).toBe(404);
    }
  });
});

describe("a streamed answer (the CSV export)", () => {
  it("is encoded chunk by chunk as it is read, never read whole before the answer starts", async () => {
    const { Hono } = await import("hono");
    const { compressResponses } = await import("./compression");
    const CHUNKS = 50;
    let pulled = 0;
    const app = new Hono();
    app.use(compressResponses());
    app.get("/export", (c) => {
      c.set("streamed" as never, true as never);
      const stream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (pulled === CHUNKS) return controller.close();
            pulled += 1;
            controller.enqueue(new TextEncoder().encode(`row ${pulled},${"x".repeat(16_000)}\n`));
          },
        },
        { highWaterMark: 1 },
      );
      return c.body(stream, 200, { "content-type": "text/csv; charset=utf-8" });
    });
    const res = await app.request("/export", { headers: { "accept-encoding": "gzip" } });
    // The answer has started while most rows are still unread: nothing buffered the body.
    expect(pulled).toBeLessThan(CHUNKS / 2);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const text = gunzipSync(await bytes(res)).toString();
    expect(text.split("\n").filter(Boolean)).toHaveLength(CHUNKS);
    expect(pulled).toBe(CHUNKS);
  });
});
