import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ConfigSchema } from "./dto";
import { readConfig } from "./service";

const route = createRoute({
  method: "get",
  path: "/config",
  tags: ["Account"],
  summary: "Chains, tokens and fiat currencies this instance offers",
  responses: { 200: { description: "The config", content: { "application/json": { schema: z.object({ data: ConfigSchema }) } } } },
});

/** Public on both origins: the pay page needs it before any sign-in. */
export function chainRoutes(deps: AppDeps) {
  return createRouter().openapi(route, async (c) => c.json({ data: await readConfig(deps) }, 200));
}
