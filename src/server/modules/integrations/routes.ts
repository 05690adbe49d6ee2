import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError, ErrorBody } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { isUuid } from "@/lib/uuid";
import { DELIVERY_FILTERS, DELIVERY_PAGE_SIZE, DELIVERY_STATUSES, WEBHOOK_ATTEMPT_STATES } from "@/lib/webhook-settings";
import { consumeOrRefuse, createLimiter } from "../../http/rate-limit";
import { requireFreshSignIn, requireMerchant } from "../auth";
import { attemptState, NoEndpointError, redeliverWebhookEvent } from "../../jobs/webhooks";
import { sendTestWebhookEvent } from "../../jobs/webhook-test-event";
import type { IntegrationRow, UserRow, WebhookAttemptRow, WebhookEventRow } from "../../db/schema";
import { checkEndpointResolution, getIntegration, listDeliveries, regenerateSecret, saveIntegration, validateIntegration } from "./service";

/** SPEC §3 Account/integration, as its owner reads it. */
const IntegrationDto = z
  .object({
    account: z.object({ id: z.string().openapi({ description: "The merchant's account id" }) }),
    secret: z.string().openapi({ description: "Standard Webhooks signing secret (`whsec_` + base64), for verifying webhooks only: it does not authenticate the zAPI (that is the API secret, `/zapi/secret`)", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
    apiHook: z.string().nullable().openapi({ description: "Webhook endpoint" }),
    callback: z.string().nullable().openapi({ description: "Where the payer goes after paying" }),
    shopify_store: z.string().nullable(),
    shopify_secret: z.string().nullable(),
    referralCode: z.string(),
  })
  .openapi("Integration");

const SaveBody = z
  .object({
    endpoint: z.string().max(2048).nullable().optional().openapi({ description: "Webhook endpoint (http/https URL; empty clears it)" }),
    callback: z.string().max(2048).nullable().optional().openapi({ description: "Redirect URL after payment (empty clears it)" }),
    shopify_store: z.string().max(255).nullable().optional(),
    shopify_secret: z.string().max(255).nullable().optional(),
  })
  .openapi("IntegrationSaveRequest");

const AttemptDto = z
  .object({
    _id: z.string(),
    attempt: z.number().int(),
    url: z.string(),
    statusCode: z.number().int().nullable(),
    error: z
      .string()
      .nullable()
      .openapi({
        description:
          "`HTTP <status>` for a non-2xx answer, or why no answer came: `timeout`, `unreachable`, `host not found`, `destination refused` (not a public address). The receiver's body is never kept.",
      }),
    state: z.enum(WEBHOOK_ATTEMPT_STATES).openapi({
      description:
        "`sending`: recorded before the request left, no answer yet; `done`: the answer (or why none came) is in; `interrupted`: the server stopped while sending, so no answer was recorded — the receiver may have the event, and the next attempt carries the same `webhook-id`.",
    }),
    durationMs: z.number().int().nullable().openapi({ description: "Null while sending or when interrupted before an answer" }),
    nextRetryAt: z.string().nullable(),
    manual: z.boolean().openapi({ description: "Started by a redelivery" }),
    startedAt: z.string(),
  })
  .openapi("WebhookAttempt");

const DeliveryDto = z
  .object({
    _id: z.string().openapi({ description: "The event id, sent as `webhook-id`" }),
    type: z.string().openapi({ example: "payment.validated" }),
    status: z.enum(DELIVERY_STATUSES),
    transaction: z.string().nullable(),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    payload: z.record(z.string(), z.unknown()).openapi({
      description:
        "The JSON body sent: { type, timestamp, data }. `type` is test (Send test event), payment.paid, payment.validated, payment.failed, payment.held, payment.reverted or payment.unmapped; in a payment event `data.type` is the product type: quick-pay (zLink), collect (zRequest), bill (zInvoice), invoice, product (zCart), donate (donation) or dynamic (zApi), and `data.orderDetails` carries a zCart's lines or a donor's name and message (null otherwise).",
    }),
    log: z.array(AttemptDto),
  })
  .openapi("WebhookDelivery");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toIntegrationDto(row: IntegrationRow, user: UserRow): z.infer<typeof IntegrationDto> {
  return {
    account: { id: user.id },
    secret: row.secret,
    apiHook: row.apiHook,
    callback: row.callback,
    shopify_store: row.shopifyStore,
    shopify_secret: row.shopifySecret,
    referralCode: user.referralCode,
  };
}

function toAttemptDto(a: WebhookAttemptRow): z.infer<typeof AttemptDto> {
  return {
    _id: a.id,
    attempt: a.attempt,
    url: a.url,
    statusCode: a.statusCode,
    error: a.error,
    state: attemptState(a),
    durationMs: a.durationMs,
    nextRetryAt: iso(a.nextRetryAt),
    manual: a.manual,
    startedAt: a.startedAt.toISOString(),
  };
}

function toDeliveryDto(event: WebhookEventRow, attempts: WebhookAttemptRow[]): z.infer<typeof DeliveryDto> {
  return {
    _id: event.id,
    type: event.type,
    status: event.status,
    transaction: event.transactionId,
    attempts: event.attempts,
    nextAttemptAt: iso(event.nextAttemptAt),
    deliveredAt: iso(event.deliveredAt),
    createdAt: event.createdAt.toISOString(),
    payload: event.payload,
    log: attempts.map(toAttemptDto),
  };
}

const common = { tags: ["Integrations"], security: [{ bearer: [] }] };
const SaveError = ErrorBody.extend({ success: z.literal(false), errors: z.record(z.string(), z.string()) }).openapi("IntegrationSaveError");

const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/integrations",
  summary: "The merchant's account id, webhook secret, endpoint, callback and e-commerce settings",
  responses: { 200: { description: "Integration settings", content: json(z.object({ data: IntegrationDto })) }, ...errorResponses(401, 403) },
});

const saveRoute = createRoute({
  ...common,
  method: "post",
  path: "/integrations",
  summary: "Save the webhook endpoint, callback URL and e-commerce platform settings",
  description:
    "SPEC §5: the endpoint, when given, must be a valid URL ('Valid API endpoint is required'); the callback too ('Callback URL'). Fields left out are unchanged; empty ones are cleared. The answer holds the signing secret, so like reading it this needs a recent sign-in: older sessions get 401 `fresh_sign_in_required`.",
  request: { body: { content: json(SaveBody), required: true } },
  responses: {
    200: { description: "Saved", content: json(z.object({ success: z.literal(true), errors: z.null(), data: IntegrationDto })) },
    400: { description: "Invalid fields", content: json(SaveError) },
    ...errorResponses(401, 403),
  },
});

const regenerateRoute = createRoute({
  ...common,
  method: "post",
  path: "/integrations/regenerate",
  summary: "Replace the webhook signing secret",
  description: "Webhooks sent from now on, retries included, are signed with the new secret. The API secret is not touched (see `/zapi/secret/regenerate`).",
  responses: { 200: { description: "Regenerated", content: json(z.object({ success: z.literal(true), data: IntegrationDto })) }, ...errorResponses(401, 403) },
});

const deliveriesRoute = createRoute({
  ...common,
  method: "get",
  path: "/integrations/deliveries",
  summary: "Webhook events and every delivery attempt, newest first, keyset-paged, by status",
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).optional().openapi({ description: `Events per page (default ${DELIVERY_PAGE_SIZE})` }),
      cursor: z.string().max(100).optional().openapi({ description: "`next` of the previous page; anything else is 400 `invalid_cursor`" }),
      status: z.enum(DELIVERY_FILTERS).optional().openapi({
        description: "`sent` (the default): every event that had an endpoint to go to; or one status. `no_endpoint` events (raised while no endpoint was saved) are listed only when asked for.",
      }),
    }),
  },
  responses: {
    200: { description: "A page of deliveries", content: json(z.object({ data: z.object({ list: z.array(DeliveryDto), next: z.string().nullable() }) })) },
    ...errorResponses(400, 401, 403),
  },
});

/** Redeliveries per merchant per minute: each one is a request the server makes on their behalf. */
export const REDELIVER_PER_MINUTE = 10;

const redeliverRoute = createRoute({
  ...common,
  method: "post",
  path: "/integrations/deliveries/{id}/redeliver",
  summary: "Send a webhook event again",
  description: `Starts a new delivery with the full retry schedule. 409 \`no_endpoint\` without a webhook endpoint; 429 \`rate_limited\` past ${REDELIVER_PER_MINUTE} redeliveries a minute.`,
  request: { params: z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" } }) }) },
  responses: { 202: { description: "Queued", content: json(z.object({ success: z.literal(true), data: DeliveryDto })) }, ...errorResponses(401, 403, 404, 409, 429) },
});

/** The webhook / e-commerce form's fields: no signing secret, so no fresh sign-in needed to read them. */
const WebhookSettingsDto = IntegrationDto.pick({ apiHook: true, callback: true, shopify_store: true, shopify_secret: true }).openapi("WebhookSettings");

const webhookSettingsRoute = createRoute({
  ...common,
  method: "get",
  path: "/integrations/webhook",
  summary: "The webhook endpoint, callback URL and e-commerce settings, without the signing secret",
  description: "What the Security settings form edits. Unlike `GET /integrations` it holds no signing secret, so any signed-in session may read it.",
  responses: { 200: { description: "Webhook settings", content: json(z.object({ data: WebhookSettingsDto })) }, ...errorResponses(401, 403) },
});

const testEventRoute = createRoute({
  ...common,
  method: "post",
  path: "/integrations/test-event",
  summary: "Send a test event to the webhook endpoint",
  description: `Queues a \`test\` event ({ type: "test", timestamp, data: { message } }), signed and retried like a payment event; it appears in the delivery log. 409 \`no_endpoint\` without a webhook endpoint; 429 \`rate_limited\` past ${REDELIVER_PER_MINUTE} sends (redeliveries included) a minute.`,
  responses: { 202: { description: "Queued", content: json(z.object({ success: z.literal(true), data: DeliveryDto })) }, ...errorResponses(401, 403, 409, 429) },
});

/** The merchant's integration settings and webhook delivery log (SPEC §7 /integrations). */
export function integrationRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const production = deps.env.ZPAY_MODE === "production";
  const endpointPolicy = { production, allowLoopback: deps.env.WEBHOOK_ALLOW_LOOPBACK };
  const redeliveries = createLimiter(deps.database, { points: REDELIVER_PER_MINUTE, durationSeconds: 60, keyPrefix: "redeliver" });
  const router = createRouter();
  // "/integrations/*" also covers "/integrations" itself.
  router.use("/integrations/*", requireMerchant(db));
  // Every answer holding the webhook secret (read, rotate, and save, which creates one on a first
  // save) wants a recent sign-in, like the API keys card's reads.
  const fresh = requireFreshSignIn(deps.env.FRESH_SIGN_IN_MINUTES);
  router.get("/integrations", fresh);
  router.post("/integrations", fresh);
  router.post("/integrations/regenerate", fresh);

  return router
    .openapi(readRoute, async (c) => c.json({ data: toIntegrationDto(await getIntegration(db, c.var.user.id), c.var.user) }, 200))
    .openapi(saveRoute, async (c) => {
      const { values, errors: invalid } = validateIntegration(c.req.valid("json"), endpointPolicy);
      if (values.apiHook && !invalid.endpoint) {
        const refused = await checkEndpointResolution(values.apiHook, endpointPolicy);
        if (refused) invalid.endpoint = refused;
      }
      const issues = Object.entries(invalid).map(([path, message]) => ({ path, message }));
      if (issues.length > 0) {
        return c.json({ message: issues[0].message, code: "invalid_request", issues, success: false as const, errors: invalid }, 400);
      }
      const row = await saveIntegration(db, c.var.user.id, values);
      c.var.log.info({ userId: c.var.user.id, apiHook: Boolean(row.apiHook) }, "integration settings saved");
      return c.json({ success: true as const, errors: null, data: toIntegrationDto(row, c.var.user) }, 200);
    })
    .openapi(regenerateRoute, async (c) => {
      const row = await regenerateSecret(db, c.var.user.id);
      c.var.log.info({ userId: c.var.user.id }, "webhook secret regenerated");
      return c.json({ success: true as const, data: toIntegrationDto(row, c.var.user) }, 200);
    })
    .openapi(deliveriesRoute, async (c) => {
      const { limit, cursor, status } = c.req.valid("query");
      const page = await listDeliveries(db, c.var.user.id, { limit, cursor, status });
      return c.json({ data: { list: page.list.map((d) => toDeliveryDto(d.event, d.attempts)), next: page.next } }, 200);
    })
    .openapi(redeliverRoute, async (c) => {
      const id = c.req.valid("param").id;
      const notFound = new ApiError(404, "not_found", "Webhook delivery not found");
      if (!isUuid(id)) throw notFound;
      await consumeOrRefuse(redeliveries, c.var.user.id, "Too many redeliveries. Please wait a minute and try again.", (n, v) => c.header(n, v));
      let row: WebhookEventRow | undefined;
      try {
        row = await redeliverWebhookEvent({ db, queue: deps.queue, log: c.var.log }, c.var.user.id, id);
      } catch (err) {
        if (err instanceof NoEndpointError) throw new ApiError(409, "no_endpoint", err.message);
        throw err;
      }
      if (!row) throw notFound;
      return c.json({ success: true as const, data: toDeliveryDto(row, []) }, 202);
    })
    .openapi(webhookSettingsRoute, async (c) => {
      const row = await getIntegration(db, c.var.user.id);
      return c.json({ data: { apiHook: row.apiHook, callback: row.callback, shopify_store: row.shopifyStore, shopify_secret: row.shopifySecret } }, 200);
    })
    .openapi(testEventRoute, async (c) => {
      // Same budget as redeliveries: each is a request the server makes on the merchant's behalf.
      await consumeOrRefuse(redeliveries, c.var.user.id, "Too many redeliveries. Please wait a minute and try again.", (n, v) => c.header(n, v));
      try {
        const row = await sendTestWebhookEvent({ db, queue: deps.queue, log: c.var.log }, c.var.user.id);
        return c.json({ success: true as const, data: toDeliveryDto(row, []) }, 202);
      } catch (err) {
        if (err instanceof NoEndpointError) throw new ApiError(409, "no_endpoint", "Save a webhook endpoint before sending a test event");
        throw err;
      }
    });
}
