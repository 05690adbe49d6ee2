import http from "node:http";
import type { Logger } from "pino";
import type { ChainRuntime } from "@/server/chains/runtime";

const MAX_BODY = 16 * 1024;

class BadRequest extends Error {}

function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) reject(new BadRequest("body too large"));
    });
    req.on("end", () => {
      try {
        const parsed: unknown = JSON.parse(body || "{}");
        if (typeof parsed !== "object" || parsed === null) throw new BadRequest("a JSON object is expected");
        resolve(parsed as Record<string, unknown>);
      } catch (error) {
        reject(error instanceof BadRequest ? error : new BadRequest("not JSON"));
      }
    });
    req.on("error", reject);
  });
}

const text = (body: Record<string, unknown>, key: string): string => {
  const value = body[key];
  if (typeof value !== "string" || value === "") throw new BadRequest(`${key} is required`);
  return value;
};
const units = (body: Record<string, unknown>, key: string): bigint => {
  const value = text(body, key);
  if (!/^\d{1,40}$/.test(value)) throw new BadRequest(`${key} must be a whole number of base units`);
  return BigInt(value);
};

/**
 * The chain host's control API, for the zpay processes of a cluster (`chain-host-client.ts`):
 * `GET /chains` (their chain settings), `GET /health`, and the faucet — `POST /solana/airdrop`,
 * `/solana/mint`, `/evm/{chainId}/fund`, `/evm/{chainId}/mint`. Sandbox only: it mints test tokens
 * to anyone who asks, so it listens where only the cluster reaches it.
 */
export function createControlServer(chains: ChainRuntime, settings: Record<string, string>, log?: Logger): http.Server {
  return http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const route = `${req.method} ${new URL(req.url ?? "/", "http://host").pathname}`;
    void (async () => {
      if (route === "GET /health") return reply(200, { ok: true });
      if (route === "GET /chains") return reply(200, { settings, evmChainIds: chains.evm.map((e) => e.chainId) });
      if (req.method !== "POST") return reply(404, { error: "not found" });
      const body = await readJson(req);
      if (route === "POST /solana/airdrop" || route === "POST /solana/mint") {
        const solana = chains.solana?.local;
        if (!solana) return reply(404, { error: "no local Solana network" });
        const signature =
          route === "POST /solana/airdrop"
            ? await solana.airdrop(text(body, "address"), units(body, "lamports"))
            : await solana.mintTokens(text(body, "owner"), text(body, "mint"), units(body, "amount"));
        return reply(200, { signature });
      }
      const evmRoute = /^POST \/evm\/(\d+)\/(fund|mint)$/.exec(route);
      const evm = evmRoute && chains.evm.find((e) => e.chainId === Number(evmRoute[1]))?.local;
      if (!evmRoute || !evm) return reply(404, { error: "no such local EVM network" });
      const address = text(body, "address") as `0x${string}`;
      const hash =
        evmRoute[2] === "fund" ? await evm.fund(address, units(body, "wei")) : await evm.mintTokens(address, text(body, "token") as `0x${string}`, units(body, "amount"));
      return reply(200, { hash });
    })().catch((error: unknown) => {
      const bad = error instanceof BadRequest;
      if (!bad) log?.warn({ err: error, route }, "chain host request failed");
      if (!res.headersSent) reply(bad ? 400 : 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
}
