import { createRoute, z } from "@hono/zod-openapi";
import { chainById } from "@/lib/chains";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses } from "../../http/openapi";
import { RecordedTransactionSchema, type RecordedTransactionDto } from "./dto";
import { readEvmTransaction } from "./evm";
import { isSolanaSignature, readSolanaTransaction } from "./solana";

const route = createRoute({
  method: "get",
  path: "/sandbox/tx/{chain}/{hash}",
  tags: ["Sandbox"],
  summary: "A transaction as a local sandbox network recorded it",
  description: "The explorer behind `/tx/{chain}/{hash}` on the payments origin; local networks only.",
  request: {
    params: z.object({
      chain: z.coerce.number().int().openapi({ param: { name: "chain", in: "path" }, example: -5001 }),
      hash: z.string().min(1).max(128).regex(/^[0-9A-Za-z]+$/, "Not a transaction hash").openapi({ param: { name: "hash", in: "path" } }),
    }),
  },
  responses: {
    200: { description: "Recorded", content: { "application/json": { schema: z.object({ data: RecordedTransactionSchema }) } } },
    ...errorResponses(400, 404),
  },
});

/** Reads recorded transactions of this process's local networks (remote chains have real explorers). */
export function explorerRoutes(deps: AppDeps) {
  return createRouter().openapi(route, async (c) => {
    const { chain, hash } = c.req.valid("param");
    const name = chainById(chain)?.name ?? `Chain ${chain}`;
    const { solana, evm } = deps.chains;
    let found: RecordedTransactionDto | undefined;
    if (solana?.local && solana.chainId === chain) {
      if (!isSolanaSignature(hash)) throw new ApiError(400, "invalid_hash", "Not a transaction hash");
      found = await readSolanaTransaction(solana, name, hash);
    } else {
      const local = evm.find((e) => e.local && e.chainId === chain);
      if (!local) throw new ApiError(404, "unknown_chain", `No local network with chain id ${chain}`);
      if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new ApiError(400, "invalid_hash", "Not a transaction hash");
      found = await readEvmTransaction(local, name, hash as `0x${string}`);
    }
    if (!found) throw new ApiError(404, "not_found", "This network has no record of that transaction");
    return c.json({ data: found }, 200);
  });
}
