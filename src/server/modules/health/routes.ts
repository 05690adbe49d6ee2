import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { isLoopback, socketAddress } from "../../http/client-address";
import { timingSafeEqual } from "node:crypto";
import { chainHealth } from "../../chains/chain-health";
import { ApiError } from "../../http/errors";
import { metrics, paymentsByStatus } from "../../metrics";
import { publicHealth, publicReadiness, readHealth, readReadiness, READINESS_CACHE_MS, recentPaymentsByStatus } from "./service";

const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

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
  return createRouter()
    .openapi(route, async (c) => {
      const health = await readHealth(deps);
      const details = deps.env.HEALTH_DETAILS || isLoopback(socketAddress(c));
      return c.json(details ? health : publicHealth(health), health.status === "ok" ? 200 : 503);
    })
    .route("/", readinessRoutes(deps));
}

const Live = z.object({ status: z.literal("ok"), uptimeSeconds: z.number() }).openapi("Liveness");

const ChainReadiness = z.object({
  chainId: z.number().int(),
  reachable: z.boolean(),
  latencyMs: z.number().int(),
  error: z.string().optional().openapi({ description: "Local callers only, or with HEALTH_DETAILS" }),
});

const Ready = z
  .object({
    status: z.enum(["ok", "degraded", "unavailable"]),
    mode: z.enum(["sandbox", "production"]).optional().openapi({ description: "Local callers only, or with HEALTH_DETAILS" }),
    database: Health.shape.database,
    jobs: z.object({ running: z.boolean() }).nullable().openapi({ description: "null where this process runs no job queue" }),
    chains: z.array(ChainReadiness),
    uptimeSeconds: z.number(),
  })
  .openapi("Readiness");

const liveRoute = createRoute({
  method: "get",
  path: "/health/live",
  tags: ["System"],
  summary: "Liveness: the process answers",
  description: "Always 200 while the process serves HTTP; asks nothing of the database or the chains (restart the process only when this fails).",
  responses: { 200: { description: "The process is up", content: { "application/json": { schema: Live } } } },
});

const readyRoute = createRoute({
  method: "get",
  path: "/health/ready",
  tags: ["System"],
  summary: "Readiness: database, job queue and each chain",
  description:
    "`unavailable` (503) when the database or the job queue does not answer: send this process no traffic. `degraded` (200) when a chain's node does not answer a cheap call within its RPC deadline: payments on that chain wait, everything else works. Answers are reused for 5 s.",
  responses: {
    200: { description: "Ready (`ok`) or `degraded`", content: { "application/json": { schema: Ready } } },
    503: { description: "The database or the job queue does not answer", content: { "application/json": { schema: Ready } } },
  },
});

export function readinessRoutes(deps: AppDeps) {
  let cached: { at: number; value: Promise<Awaited<ReturnType<typeof readReadiness>>> } | undefined;
  const readiness = () => {
    if (!cached || Date.now() - cached.at > READINESS_CACHE_MS) cached = { at: Date.now(), value: readReadiness(deps) };
    return cached.value;
  };
  return createRouter()
    .openapi(liveRoute, (c) => c.json({ status: "ok" as const, uptimeSeconds: deps.startedAt ? Math.round((Date.now() - deps.startedAt.getTime()) / 1000) : 0 }, 200))
    .openapi(readyRoute, async (c) => {
      const ready = await readiness();
      const details = deps.env.HEALTH_DETAILS || isLoopback(socketAddress(c));
      return c.json(details ? ready : publicReadiness(ready), ready.status === "unavailable" ? 503 : 200);
    });
}

/**
 * Prometheus metrics (`prom-client`, text format) at `/metrics` on the app origin. They tell how
 * much money moves, so only callers on this machine (by socket address) or a scraper holding
 * `METRICS_TOKEN` as a bearer token get them; others get 404, as if there were nothing here.
 */
export function metricsRoutes(deps: AppDeps) {
  return createRouter().get("/metrics", async (c) => {
    const token = deps.env.METRICS_TOKEN;
    const bearer = c.req.header("authorization")?.replace(/^Bearer\s+/i, "");
    const allowed = isLoopback(socketAddress(c)) || (token !== undefined && bearer !== undefined && safeEqual(bearer, token));
    if (!allowed) throw new ApiError(404, "not_found", "Resource not found");
    paymentsByStatus.reset();
    try {
      for (const row of await recentPaymentsByStatus(deps.database.db)) paymentsByStatus.set({ status: row.status }, row.count);
    } catch (err) {
      c.var.log.warn({ err }, "metrics: payments by status could not be read");
    }
    chainHealth.snapshot();
    return c.body(await metrics.metrics(), 200, { "content-type": metrics.contentType });
  });
}
