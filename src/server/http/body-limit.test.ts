import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../app";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { testDeps } from "../testing/deps";
import { MAX_BODY_BYTES } from "./body-limit";

const HUNDRED_MB = 100 * 1024 * 1024;
const CHUNK = 16 * 1024;

/** A lazily produced 100 MB body that counts how much of it anyone pulled. */
function hugeBody() {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= HUNDRED_MB) return controller.close();
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

describe.each(TEST_BACKENDS)("request body limit on %s", (kind) => {
  let database: Database;
  let origins: [string, ReturnType<typeof createApp> | ReturnType<typeof createPaymentsApp>, string][];
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database);
    // A POST route of each origin: merchant sign-in on the app origin, starting a payment on the payments one.
    origins = [
      ["app", createApp(deps), "/api/solana-signin"],
      ["payments", createPaymentsApp(deps), "/api/pay/some-link/start"],
    ];
  });
  afterAll(() => database.close());

  it("refuses a body whose declared length is over the limit with 413 and the JSON error, changing nothing", async () => {
    for (const [, app, path] of origins) {
      const res = await app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
        body: JSON.stringify({ pad: "x".repeat(MAX_BODY_BYTES) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: expect.stringContaining("larger than"), code: "payload_too_large" });
    }
    const [{ n }] = await database.db.select({ n: count() }).from(users);
    expect(n).toBe(0);
  });

  it("stops reading a streamed body without a length soon after the limit", async () => {
    for (const [name, app, path] of origins) {
      const body = hugeBody();
      const res = await app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      expect(res.status, name).toBe(413);
      expect((await res.json()).code).toBe("payload_too_large");
      // Read up to the limit and a little more (the stream's read-ahead), never the 100 MB.
      expect(body.pulled(), name).toBeLessThan(MAX_BODY_BYTES + 8 * CHUNK);
    }
  });

  it("lets a body under the limit reach the route", async () => {
    const [, app, path] = origins[0]!;
    const res = await app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ publicKey: "x" }) });
    expect(res.status).toBe(400); // the route's own validation answered, not the limit
    expect((await res.json()).code).not.toBe("payload_too_large");
  });
});

describe("request body limit over a socket", () => {
  let database: Database;
  let server: ServerType;
  let url: string;
  beforeAll(async () => {
    database = await openTestDb("pglite");
    const app = createPaymentsApp(testDeps(database));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => {
        url = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    // The client is still trying to upload the rest; its connection is cut rather than waited for.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
    await database.close();
  });

  it("answers 413 to a 100 MB upload long before it is sent", async () => {
    const body = hugeBody();
    const res = await fetch(`${url}/api/pay/some-link/start`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("payload_too_large");
    // What socket buffers took in (a few MB), not the 100 MB.
    expect(body.pulled()).toBeLessThan(HUNDRED_MB / 4);
  });

  /** A body of `bytes` streamed in 16 KB chunks (sent whole, with no length: chunked). */
  const streamOf = (bytes: number) => {
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        sent += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
      },
    });
  };

  it("closes the connection after a 413, so the client's next request on it does not fail with 'other side closed'", async () => {
    const start = `${url}/api/pay/some-link/start`;
    const init = (body: ReadableStream<Uint8Array> | string) => ({ method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" }) as RequestInit;
    const refused = await fetch(start, init(streamOf(256 * 1024)));
    expect(refused.status).toBe(413);
    expect(refused.headers.get("connection")).toBe("close");
    await refused.text();
    // The next request from the same client (fetch keeps connections alive and reuses them) is answered.
    const next = await fetch(start, { ...init("{}"), signal: AbortSignal.timeout(10_000) });
    expect(next.status).not.toBe(413);
    expect((await next.json()).code).toBeTypeOf("string");
  });
});
