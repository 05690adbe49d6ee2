import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pinnedPost } from "./pinned-post";
import { DestinationRefusedError, type HostLookup } from "./resolve-destination";

/** A receiver on one loopback address; `answer` decides what it does with each request. */
async function listen(host: string, port: number, answer: (res: import("node:http").ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.headers.host ?? "");
    req.resume();
    req.on("end", () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, hits, port: (server.address() as AddressInfo).port };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

const post = (url: string, destination: Parameters<typeof pinnedPost>[1]["destination"], timeoutMs = 30_000) =>
  pinnedPost(new URL(url), { headers: { "content-type": "application/json" }, body: "{}", timeoutMs, maxReplyBytes: 4096, destination });

describe("pinnedPost", () => {
  it("refuses, before connecting, loopback names and literal tricks a receiver on this machine would answer", async () => {
    const r = await listen("127.0.0.1", 0, (res) => res.writeHead(200).end());
    servers.push(r.server);
    const toLoopback: HostLookup = async () => [{ address: "127.0.0.1", family: 4 }];
    for (const url of [
      `http://127.0.0.1:${r.port}/`,
      `http://2130706433:${r.port}/`,
      `http://0x7f.1:${r.port}/`,
      `http://0.0.0.0:${r.port}/`,
      `http://[::ffff:127.0.0.1]:${r.port}/`,
      `http://[::7f00:1]:${r.port}/`,
      `http://[::1]:${r.port}/`,
      `http://localhost:${r.port}/`,
      `http://api.localhost:${r.port}/`,
      `http://127.0.0.1.nip.io:${r.port}/`,
      `http://198.18.0.1:${r.port}/`,
      `http://100.64.0.1:${r.port}/`,
      `http://169.254.169.254:${r.port}/`,
      `http://[fc00::1]:${r.port}/`,
      `http://[fe80::1]:${r.port}/`,
    ]) {
      await expect(post(url, { lookup: toLoopback }), url).rejects.toBeInstanceOf(DestinationRefusedError);
    }
    expect(r.hits).toEqual([]);
  });

  it("refuses a name whose answers mix a public address with a private one", async () => {
    const mixed: HostLookup = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    await expect(post("http://hooks.example.com/", { lookup: mixed })).rejects.toBeInstanceOf(DestinationRefusedError);
  });

  it("connects to the address it checked, however the name resolves afterwards (DNS rebinding)", async () => {
    // Two receivers on one port: the checked address, and where a second resolution would lead.
    const checked = await listen("127.0.0.1", 0, (res) => res.writeHead(200).end());
    servers.push(checked.server);
    const other = await listen("127.0.0.2", checked.port, (res) => res.writeHead(200).end());
    servers.push(other.server);
    const answers = ["127.0.0.1", "127.0.0.2"];
    let lookups = 0;
    const rebinding: HostLookup = async () => [{ address: answers[Math.min(lookups++, 1)], family: 4 }];

    expect(await post(`http://hooks.example.test:${checked.port}/`, { allowLoopback: true, lookup: rebinding })).toEqual({ statusCode: 200 });
    expect(lookups).toBe(1);
    expect(checked.hits).toEqual([`hooks.example.test:${checked.port}`]);
    expect(other.hits).toEqual([]);
  });

  it("reads a few KB of an endless reply, then hangs up with the status", async () => {
    const r = await listen("127.0.0.1", 0, (res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = "x".repeat(16_384);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on("close", () => clearInterval(timer));
    });
    servers.push(r.server);
    // The attempt's time limit is far away: only the byte limit can end this.
    expect(await post(`http://127.0.0.1:${r.port}/`, { allowLoopback: true }, 600_000)).toEqual({ statusCode: 200 });
  });

  it("gives up on a receiver that never answers", async () => {
    const r = await listen("127.0.0.1", 0, () => {});
    servers.push(r.server);
    await expect(post(`http://127.0.0.1:${r.port}/`, { allowLoopback: true }, 200)).rejects.toMatchObject({ name: "PostTimeoutError" });
  });
});
