import http from "node:http";
import type { Logger } from "pino";
import { handleJsonRpc, type MethodTable } from "./rpc/dispatch";

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Public RPC nodes allow any origin; the pay page calls this server from the payments origin. */
function cors(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "POST, GET, OPTIONS");
  // web3.js sends a `solana-client` header, so preflights ask for it.
  res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "content-type");
  res.setHeader("Access-Control-Max-Age", "86400");
}

/**
 * The HTTP JSON-RPC endpoint: POST a request or a batch to any path; GET /health answers "ok"
 * like agave's health check.
 */
export function createRpcServer(methods: MethodTable, log?: Logger): http.Server {
  return http.createServer((req, res) => {
    cors(req, res);
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    if (req.method === "GET" && req.url === "/health") {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST, GET, OPTIONS" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (res.writableEnded) return;
      const reply = handleJsonRpc(Buffer.concat(chunks).toString("utf8"), methods, log);
      res.writeHead(200, { "content-type": "application/json" }).end(reply ?? "");
    });
    req.on("error", (err) => log?.debug({ err }, "Solana sandbox RPC request error"));
  });
}

/** Listens on `port` (0: any free port) and resolves with the bound port. */
export function listen(server: http.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
