import http from "node:http";
import type { AddressInfo } from "node:net";

/** An `eth_getLogs` call's block range, when both ends are block numbers. */
function logRange(call: { method?: string; params?: unknown[] }): bigint | undefined {
  if (call.method !== "eth_getLogs") return undefined;
  const filter = call.params?.[0] as { fromBlock?: string; toBlock?: string } | undefined;
  if (!filter?.fromBlock?.startsWith("0x") || !filter.toBlock?.startsWith("0x")) return undefined;
  return BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n;
}

/**
 * A loopback JSON-RPC proxy in front of a Solana or EVM RPC that counts what passes through: calls
 * per method (a batch counts each call) and the most requests in flight at once. Point a
 * Connection's HTTP endpoint at `url` (its WebSocket stays on the real network). With
 * `maxLogRange` it refuses an `eth_getLogs` over more blocks, as capped providers do.
 */
export async function countingRpcProxy(target: string, { maxLogRange }: { maxLogRange?: bigint } = {}) {
  let refusedLogRanges = 0;
  /** Each `eth_getLogs` range passed on to the node (refused ones left out), in order. */
  const logRanges: [bigint, bigint][] = [];
  const calls = new Map<string, number>();
  /** Calls per method and first parameter (e.g. which address getSignaturesForAddress asked about). */
  const callsOn = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      try {
        type Call = { method?: string; params?: unknown[] };
        const parsed = JSON.parse(body.toString("utf8")) as Call | Call[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          calls.set(call.method ?? "?", (calls.get(call.method ?? "?") ?? 0) + 1);
          const on = `${call.method}:${String(call.params?.[0])}`;
          callsOn.set(on, (callsOn.get(on) ?? 0) + 1);
        }
      } catch {
        calls.set("?", (calls.get("?") ?? 0) + 1);
      }
      const single = (() => {
        try {
          const parsed = JSON.parse(body.toString("utf8")) as { id?: unknown; method?: string; params?: unknown[] };
          return Array.isArray(parsed) ? undefined : parsed;
        } catch {
          return undefined;
        }
      })();
      const range = single && logRange(single);
      if (maxLogRange !== undefined && range !== undefined && range > maxLogRange) {
        refusedLogRanges++;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: single!.id, error: { code: -32005, message: `query exceeds max block range ${maxLogRange}` } }));
        return;
      }
      if (range !== undefined) {
        const filter = single!.params![0] as { fromBlock: string; toBlock: string };
        logRanges.push([BigInt(filter.fromBlock), BigInt(filter.toBlock)]);
      }
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      void fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { "content-type": "application/json" });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        })
        .finally(() => inFlight--);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Calls of `method`, or of every method. */
    count: (method?: string) => (method ? (calls.get(method) ?? 0) : [...calls.values()].reduce((a, b) => a + b, 0)),
    /** Calls of `method` whose first parameter was `first`. */
    countOn: (method: string, first: string) => callsOn.get(`${method}:${first}`) ?? 0,
    /** `eth_getLogs` calls refused for their range (with `maxLogRange`). */
    get refusedLogRanges() {
      return refusedLogRanges;
    },
    /** The `eth_getLogs` ranges the node was asked for (inclusive block numbers), oldest call first. */
    get logRanges(): readonly [bigint, bigint][] {
      return logRanges;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    reset() {
      calls.clear();
      logRanges.length = 0;
      callsOn.clear();
      maxInFlight = inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
