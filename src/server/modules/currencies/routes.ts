import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requireMerchant } from "../auth";
import { listSupportedCurrencies, updateBillingCurrency } from "../merchants";

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

const CURRENCY_UNSUPPORTED = "Choose a currency from the list";
const BillingCurrencyBody = z
  .object({ currency: z.string({ error: CURRENCY_UNSUPPORTED }).max(10, CURRENCY_UNSUPPORTED).openapi({ example: "EUR" }) })
  .openapi("BillingCurrency");

const updateRoute = createRoute({
  method: "post",
  path: "/update-billing-currency",
  tags: ["Account"],
  security: [{ bearer: [] }],
  summary: "The currency the merchant's totals and zLink prices are shown in",
  description: "One of `GET /supported-currencies`; anything else answers 400.",
  request: { body: { content: json(BillingCurrencyBody), required: true } },
  responses: {
    200: { description: "Saved", content: json(z.object({ success: z.literal(true), data: z.object({ billingCurrency: z.string() }) })) },
    ...errorResponses(400, 401),
  },
});

export function currencyRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/update-billing-currency", requireMerchant(db));
  return router
    .openapi(route, async (c) => {
      const data = await listSupportedCurrencies(db);
      return c.json({ data }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const { currency } = c.req.valid("json");
      if (!(await updateBillingCurrency(db, c.var.user.id, currency))) {
        throw new ApiError(400, "invalid_request", CURRENCY_UNSUPPORTED, [{ path: "currency", message: CURRENCY_UNSUPPORTED }]);
      }
      c.var.log.info({ userId: c.var.user.id, currency }, "billing currency updated");
      return c.json({ success: true as const, data: { billingCurrency: currency } }, 200);
    });
}
