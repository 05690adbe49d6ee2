import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { listSupportedCurrencies } from "./service";

const SupportedCurrencies = z
  .object({
    data: z.array(z.tuple([z.string(), z.string()])).openapi({ example: [["EUR", "Euro"], ["USD", "US Dollar"]] }),
  })
  .openapi("SupportedCurrencies");

const route = createRoute({
  method: "get",
  path: "/supported-currencies",
  tags: ["Account"],
  summary: "Fiat currencies a merchant can bill in",
  responses: {
    200: { description: "`[code, name]` pairs", content: { "application/json": { schema: SupportedCurrencies } } },
  },
});

export function currencyRoutes(deps: AppDeps) {
  return createRouter().openapi(route, async (c) => {
    const data = await listSupportedCurrencies(deps.database.db);
    return c.json({ data }, 200);
  });
}
