import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../../app";
import type { ChainRuntime } from "../../chains/runtime";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";

const fromSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/** A chain node that answers (`getSlot` / `eth_blockNumber`) or, switched to hang, takes requests and never answers. */
async function node() {
  let hang = false;
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (hang) return void held.add(res);
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result: method === "getSlot" ? 7 : "0x10" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hang: () => (hang = true),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(TEST_BACKENDS)("liveness, readiness and metrics on %s", (kind) => {
  let database: Database;
  let solanaNode: Awaited<ReturnType<typeof node>>;
  let evmNode: Awaited<ReturnType<typeof node>>;
  let chains: ChainRuntime;
  const rpc = { timeoutMs: 300, retries: 0, backoffMs: 1 };
  beforeAll(async () => {
    database = await openTestDb(kind);
    [solanaNode, evmNode] = await Promise.all([node(), node()]);
    chains = {
      solana: { chainId: -5001, rpcUrl: solanaNode.url, mints: { USDC: "x", USDT: "y" }, rpc },
      evm: [{ chainId: 31337, rpcUrl: evmNode.url, tokens: {}, rpc }],
      stop: async () => {},
    };
  });
  afterAll(async () => {
    await Promise.all([solanaNode.close(), evmNode.close(), database.close()]);
  });

  it("readiness is ok when the database and every chain answer, and liveness asks nothing", async () => {
    const app = createApp(testDeps(database, {}, chains));
    const ready = await app.request("/api/health/ready", {}, fromSocket("127.0.0.1"));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ok",
      database: { reachable: true },
      chains: [
        { chainId: -5001, reachable: true },
        { chainId: 31337, reachable: true },
      ],
    });
    const live = await createPaymentsApp(testDeps(database)).request("/api/health/live");
    expect(await live.json()).toEqual({ status: "ok", uptimeSeconds: expect.any(Number) });
  });

  it("a hung chain RPC: readiness says degraded within the chain's deadline and names the chain, without the error text to a remote caller", async () => {
    evmNode.hang();
    const app = createPaymentsApp(testDeps(database, {}, chains));
    const started = Date.now();
    const res = await app.request("/api/health/ready", {}, fromSocket("203.0.113.9"));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("degraded");
    expect(body.chains).toEqual([
      { chainId: -5001, reachable: true, latencyMs: expect.any(Number) },
      { chainId: 31337, reachable: false, latencyMs: expect.any(Number) },
    ]);
    // A caller on this machine sees why.
    const local = await (await createApp(testDeps(database, {}, chains)).request("/api/health/ready", {}, fromSocket("127.0.0.1"))).json();
    expect(local.chains[1].error).toMatch(/no answer within 300 ms/);
  });

  it("/metrics: Prometheus text to a caller on this machine or with METRICS_TOKEN, 404 to anyone else", async () => {
    const token = "t".repeat(32);
    const app = createApp(testDeps(database, { METRICS_TOKEN: token }, chains));
    await app.request("/api/health", {}, fromSocket("127.0.0.1"));
    const local = await app.request("/metrics", {}, fromSocket("127.0.0.1"));
    expect(local.status).toBe(200);
    const text = await local.text();
    for (const name of ["zpay_rpc_calls_total", "zpay_http_request_duration_seconds", "zpay_chain_reachable", "zpay_payments", "zpay_pay_starts_total", "zpay_webhook_attempts_total", "zpay_watcher_lag_seconds"]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    expect(text).toMatch(/zpay_http_request_duration_seconds_count\{origin="app",method="GET",status="2xx"\} \d+/);
    expect((await app.request("/metrics", {}, fromSocket("203.0.113.9"))).status).toBe(404);
    expect((await app.request("/metrics", { headers: { authorization: "Bearer wrong" } }, fromSocket("203.0.113.9"))).status).toBe(404);
    expect((await app.request("/metrics", { headers: { authorization: `Bearer ${token}` } }, fromSocket("203.0.113.9"))).status).toBe(200);
    // The payer origin has no /metrics at all.
    expect((await createPaymentsApp(testDeps(database)).request("/metrics", {}, fromSocket("127.0.0.1"))).status).toBe(404);
  });
});
