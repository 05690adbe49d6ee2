import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { metrics } from "../metrics";
import { Keypair } from "@solana/web3.js";
import { createLogger } from "../logger";
import { ChainHealthBoard } from "./chain-health";
import { backoffDelay, rpcFetch, RpcUnavailableError } from "./rpc-fetch";
import { solanaConnection } from "./solana/connection";

/** A JSON-RPC node on loopback whose behaviour the test switches: answer, hang (never answer) or fail with 503. */
async function fakeNode() {
  let mode: "answer" | "hang" | "fail" = "answer";
  let requests = 0;
  const hung = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    requests++;
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (mode === "hang") return void hung.add(res);
      if (mode === "fail") return void res.writeHead(503).end("busy");
      const { id } = JSON.parse(body) as { id: number };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result: { context: { slot: 1 }, value: 42 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    set: (m: typeof mode) => (mode = m),
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A logger whose lines the test reads (JSON, as in production). */
function capturedLog() {
  const lines: { level: number; msg: string; chainId?: number }[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger("info", sink), lines };
}

const rpcBody = (method: string) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }) });
const nodes: Awaited<ReturnType<typeof fakeNode>>[] = [];
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.close()));
});

describe("rpcFetch: every chain call has a deadline", () => {
  it("a hung RPC: each attempt gives up at its deadline, retries are bounded, and the caller gets RpcUnavailableError", async () => {
    const node = await fakeNode();
    nodes.push(node);
    node.set("hang");
    const health = new ChainHealthBoard();
    const call = rpcFetch({ chainId: -5001, urls: [node.url], policy: { timeoutMs: 200, retries: 2, backoffMs: 10 }, health });
    const started = Date.now();
    const error = await call(node.url, rpcBody("getBalance")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcUnavailableError);
    expect((error as RpcUnavailableError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(node.requests()).toBe(3);
    expect(health.snapshot()).toEqual([expect.objectContaining({ chainId: -5001, reachable: false, failures: 3 })]);
  });

  it("tells its listeners once when a chain answers again after failing (a watcher then lists what it missed)", async () => {
    const node = await fakeNode();
    nodes.push(node);
    const health = new ChainHealthBoard();
    const recovered: number[] = [];
    const unsubscribe = health.onRecovered((chainId) => recovered.push(chainId));
    const call = rpcFetch({ chainId: -5001, urls: [node.url], policy: { timeoutMs: 500, retries: 0, backoffMs: 1 }, health });
    await call(node.url, rpcBody("getBalance"));
    expect(recovered).toEqual([]);
    node.set("fail");
    await call(node.url, rpcBody("getBalance")).catch(() => undefined);
    await call(node.url, rpcBody("getBalance")).catch(() => undefined);
    node.set("answer");
    await call(node.url, rpcBody("getBalance"));
    await call(node.url, rpcBody("getBalance"));
    expect(recovered).toEqual([-5001]);
    unsubscribe();
    node.set("fail");
    await call(node.url, rpcBody("getBalance")).catch(() => undefined);
    node.set("answer");
    await call(node.url, rpcBody("getBalance"));
    expect(recovered).toEqual([-5001]);
  });

  it("a Solana WebSocket that fails is counted, not printed as a raw line in the JSON log", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    const count = async () => (await metrics.getSingleMetric("zpay_ws_errors_total")!.get()).values.find((v) => v.labels.chain === "-5999")?.value ?? 0;
    try {
      const connection = solanaConnection({ chainId: -5999, rpcUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}` }, "confirmed");
      const id = connection.onLogs(Keypair.generate().publicKey, () => {});
      const end = Date.now() + 5_000;
      while ((await count()) === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await count()).toBeGreaterThan(0);
      expect(printed.mock.calls.filter((c) => String(c[0]).includes("ws error"))).toEqual([]);
      await connection.removeOnLogsListener(id).catch(() => undefined);
    } finally {
      printed.mockRestore();
    }
  });

  it("fails over to the next URL when the first is down, and keeps using the one that answered", async () => {
    const down = await fakeNode();
    const up = await fakeNode();
    nodes.push(down, up);
    down.set("fail");
    const call = rpcFetch({ chainId: 1, urls: [down.url, up.url], policy: { timeoutMs: 1_000, retries: 1, backoffMs: 1 }, health: new ChainHealthBoard() });
    const res = await call(down.url, rpcBody("eth_blockNumber"));
    expect(res.status).toBe(200);
    await call(down.url, rpcBody("eth_blockNumber"));
    expect(down.requests()).toBe(1);
    expect(up.requests()).toBe(2);
  });

  it("backs off with full jitter under an exponential ceiling capped at 5 s", () => {
    const policy = { backoffMs: 250 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(policy, n, () => 1))).toEqual([250, 500, 1000, 2000]);
    expect(backoffDelay(policy, 10, () => 1)).toBe(5_000);
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
  });

  it("logs a chain that becomes unreachable once (then at most every minute) and once when it answers again; lines stay JSON", async () => {
    const node = await fakeNode();
    nodes.push(node);
    let now = 1_000_000;
    const health = new ChainHealthBoard(() => now);
    const { log, lines } = capturedLog();
    health.useLogger(log);
    const connection = solanaConnection({ chainId: -5001, rpcUrl: node.url, rpc: { timeoutMs: 100, retries: 0, backoffMs: 1 } }, "confirmed");
    // The connection reports to the process's board; this board is fed by the same calls through its own fetch.
    const call = rpcFetch({ chainId: -5001, urls: [node.url], policy: { timeoutMs: 100, retries: 0, backoffMs: 1 }, health });
    node.set("hang");
    for (let i = 0; i < 20; i++) {
      await call(node.url, rpcBody("getSlot")).catch(() => undefined);
      now += 1_000;
    }
    await expect(connection.getBalance(Keypair.generate().publicKey)).rejects.toThrow(/no answer within 100 ms/);
    expect(lines.filter((l) => l.msg === "chain unreachable: its RPC calls fail or time out")).toHaveLength(1);
    now += 60_000;
    await call(node.url, rpcBody("getSlot")).catch(() => undefined);
    expect(lines.filter((l) => l.msg === "chain still unreachable")).toHaveLength(1);
    node.set("answer");
    await call(node.url, rpcBody("getSlot"));
    expect(lines.filter((l) => l.msg === "chain reachable again")).toEqual([expect.objectContaining({ chainId: -5001 })]);
    expect(health.snapshot()[0]).toMatchObject({ reachable: true, failures: 0 });
  });
});
