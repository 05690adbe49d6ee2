import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../http/context";
import { readHealth } from "./service";

const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    mode: z.enum(["sandbox", "production"]),
    database: z.object({
      kind: z.enum(["pglite", "postgres"]),
      reachable: z.boolean(),
      migration: z.object({
        version: z.string().nullable().openapi({ example: "0001_seed_currencies" }),
        applied: z.number().int(),
        available: z.number().int(),
      }),
    }),
    uptimeSeconds: z.number(),
  })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Liveness and database state",
  responses: {
    200: { description: "The server and its database answer", content: { "application/json": { schema: Health } } },
    503: { description: "The database does not answer", content: { "application/json": { schema: Health } } },
  },
});

export function healthRoutes(deps: AppDeps) {
  return createRouter().openapi(route, async (c) => {
    const health = await readHealth(deps);
    return c.json(health, health.status === "ok" ? 200 : 503);
  });
}
