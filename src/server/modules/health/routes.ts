import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { isLoopback, socketAddress } from "../../http/client-address";
import { publicHealth, readHealth } from "./service";

const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    mode: z.enum(["sandbox", "production"]).optional().openapi({ description: "Local callers only, or with HEALTH_DETAILS" }),
    database: z.object({
      kind: z.enum(["pglite", "postgres"]).optional().openapi({ description: "Local callers only, or with HEALTH_DETAILS" }),
      reachable: z.boolean(),
      migration: z
        .object({
          version: z.string().nullable().openapi({ example: "0001_seed_currencies" }),
          applied: z.number().int(),
          available: z.number().int(),
        })
        .optional()
        .openapi({ description: "Local callers only, or with HEALTH_DETAILS" }),
    }),
    uptimeSeconds: z.number(),
  })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Liveness and database state",
  description:
    "Everyone sees the status and whether the database answers. How the instance runs (mode, database kind, migration) is shown only to callers on this machine (by socket address, not X-Forwarded-For) or when HEALTH_DETAILS is set.",
  responses: {
    200: { description: "The server and its database answer", content: { "application/json": { schema: Health } } },
    503: { description: "The database does not answer", content: { "application/json": { schema: Health } } },
  },
});

export function healthRoutes(deps: AppDeps) {
  return createRouter().openapi(route, async (c) => {
    const health = await readHealth(deps);
    const details = deps.env.HEALTH_DETAILS || isLoopback(socketAddress(c));
    return c.json(details ? health : publicHealth(health), health.status === "ok" ? 200 : 503);
  });
}
