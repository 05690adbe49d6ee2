import { createRoute, z } from "@hono/zod-openapi";
import { ZAPI_AUTH_FAILURES_PER_MINUTE, ZAPI_IDEMPOTENCY_WINDOW_MS, ZAPI_LIMITS, ZAPI_ROTATION_GRACE_MS, ZapiCreatePayment, ZapiListQuery, ZapiPayment, ZapiPaymentPage } from "@/lib/zapi";
import type { AppDeps } from "../../deps";
import { origins } from "../../env";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireApiKey } from "./auth";
import { createApiPayment, findApiPayment, listApiPayments, toZapiPayment } from "./service";

const EXAMPLE = {
  id: "3f1c2a6e-8a4b-4c55-9a8e-1f2b3c4d5e6f",
  url: "https://pay.zpay.example/?p=7kQm2XbT9pLw",
  status: "open",
  amount: "49.90",
  currency: "USD",
  orderId: "A-1042",
  metadata: { cartId: "c_81" },
  callbackUrl: "https://shop.example.com/thanks",
  createdAt: "2026-11-24T12:00:00.000Z",
};

// The contract's schemas are plain zod (src/lib has no server code); re-wrapped here to carry docs.
const PaymentDto = z.object(ZapiPayment.shape).openapi("ZapiPayment", { example: EXAMPLE });
const CreateBody = z.strictObject(ZapiCreatePayment.shape).openapi("ZapiCreatePayment", {
  example: { amount: "49.90", currency: "USD", orderId: "A-1042", metadata: { cartId: "c_81" }, callbackUrl: "https://shop.example.com/thanks" },
});
const IdempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(ZAPI_LIMITS.idempotencyKey)
    .optional()
    .openapi({
      param: { name: "idempotency-key", in: "header" },
      description: `Any unique string (a UUID): a retry with the same key and body answers the first payment, never a second one; the same key with another body is refused (422). A key is honoured for ${ZAPI_IDEMPOTENCY_WINDOW_MS / 3_600_000} hours.`,
      example: "order-A-1042-attempt",
    }),
});

const GRACE_HOURS = ZAPI_ROTATION_GRACE_MS / 3_600_000;
const AUTH_DOC =
  `Server to server only: \`Authorization: Basic base64(accountId:apiSecret)\` with the account id and the API secret (\`zpk_…\`) of the API keys card, shown once when made; never a session token, and never the webhook signing secret (\`whsec_…\`, for verifying webhooks only). ` +
  `A regenerate stops the previous API secret at once, or keeps it working for ${GRACE_HOURS} hours when asked (revocable at any time). ` +
  "A call made with a legacy secret (an account's webhook secret carried over when API secrets were introduced) answers with `Deprecation: true` and a `Zpay-Warning` header: regenerate it. " +
  `More than ${ZAPI_AUTH_FAILURES_PER_MINUTE} failed authentications a minute from one address answer 429.`;
const common = { tags: ["zAPI"], security: [{ zapiBasic: [] }] };

const createPaymentRoute = createRoute({
  ...common,
  method: "post",
  path: "/v1/payments",
  summary: "Create a payment (type dynamic) and get its hosted pay URL",
  description:
    `${AUTH_DOC}\n\nSend the payer to \`url\`. Webhooks for the payment carry its \`id\` as \`data.product\` and the order id as \`data.merchantExtras.orderId\`.\n\n` +
    "```sh\ncurl -X POST $ZPAY/api/v1/payments -u \"$ACCOUNT_ID:$API_SECRET\" -H 'Idempotency-Key: A-1042' \\\n  -H 'content-type: application/json' -d '{\"amount\":\"49.90\",\"currency\":\"USD\",\"orderId\":\"A-1042\"}'\n```",
  request: { headers: IdempotencyHeader, body: { content: json(CreateBody), required: true } },
  responses: {
    201: { description: "Created (or, with a used Idempotency-Key and the same body, the first answer again with `Idempotent-Replayed: true`)", content: json(PaymentDto) },
    ...errorResponses(400, 401, 403, 422, 429),
  },
});

const readPaymentRoute = createRoute({
  ...common,
  method: "get",
  path: "/v1/payments/{id}",
  summary: "Read a payment",
  description: `${AUTH_DOC}\n\n\`status\`: open (no payer yet), initiated, paid, validated or failed.`,
  request: { params: z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, example: EXAMPLE.id }) }) },
  responses: { 200: { description: "The payment", content: json(PaymentDto) }, ...errorResponses(401, 403, 404, 429) },
});

const listPaymentsRoute = createRoute({
  ...common,
  method: "get",
  path: "/v1/payments",
  summary: "List payments, newest first",
  description: `${AUTH_DOC}\n\nFilter by \`status\` and \`orderId\`; page with \`limit\` (1 to ${ZAPI_LIMITS.pageSize}, default ${ZAPI_LIMITS.defaultPageSize}) and \`cursor\` (the previous page's \`next\`).`,
  request: { query: z.object(ZapiListQuery.shape) },
  responses: { 200: { description: "A page", content: json(z.object({ data: z.array(PaymentDto), next: ZapiPaymentPage.shape.next }).openapi("ZapiPaymentPage", { example: { data: [EXAMPLE], next: null } })) }, ...errorResponses(400, 401, 403, 429) },
});

/** The public zAPI (`/api/v1/…`): server-to-server payments authenticated with the API keys. */
export function zapiRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const payOrigin = origins(deps.env).payments;
  const router = createRouter();
  router.use("/v1/*", requireApiKey(deps));
  router.openAPIRegistry.registerComponent("securitySchemes", "zapiBasic", { type: "http", scheme: "basic", description: "Account id as the user name, API secret (zpk_…) as the password" });

  return router
    .openapi(createPaymentRoute, async (c) => {
      const key = c.req.valid("header")["idempotency-key"];
      const { row, replayed } = await createApiPayment(db, c.var.user, c.req.valid("json"), key);
      if (replayed) c.header("Idempotent-Replayed", "true");
      else c.var.log.info({ userId: c.var.user.id, payment: row.id }, "zapi payment created");
      const { status } = await findApiPayment(db, c.var.user.id, row.id);
      return c.json(toZapiPayment(row, status, payOrigin), 201);
    })
    .openapi(readPaymentRoute, async (c) => {
      const { row, status } = await findApiPayment(db, c.var.user.id, c.req.valid("param").id);
      return c.json(toZapiPayment(row, status, payOrigin), 200);
    })
    .openapi(listPaymentsRoute, async (c) => {
      const page = await listApiPayments(db, c.var.user.id, c.req.valid("query"));
      return c.json({ data: page.rows.map(({ row, status }) => toZapiPayment(row, status, payOrigin)), next: page.next }, 200);
    });
}
