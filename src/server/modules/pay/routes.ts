import { createRoute, z } from "@hono/zod-openapi";
import { payStarts } from "../../metrics";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../http/openapi";
import { rateLimit } from "../../http/rate-limit";
import { PayableProductSchema, PaymentProgressSchema, PaymentTransactionInfoSchema, StartPaymentBody } from "./dto";
import { readPayableProduct } from "./product";
import { readPaymentProgress } from "./progress";
import { ChainUnavailableError, startPayment } from "./start";
import { clientAddress } from "../../http/client-address";

const idParam = z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "Qx7PaLk2mN3r" });

const productRoute = createRoute({
  method: "get",
  path: "/pay/{id}",
  tags: ["Pay"],
  summary: "A payable zLink as the payer sees it",
  description: "No account needed. 404 when the link is unknown or disabled.",
  request: { params: z.object({ id: idParam }) },
  responses: { 200: { description: "Payable", content: { "application/json": { schema: z.object({ data: PayableProductSchema }) } } }, ...errorResponses(404, 503) },
});

const startRoute = createRoute({
  method: "post",
  path: "/pay/{id}/start",
  tags: ["Pay"],
  summary: "Start paying a zLink",
  description:
    "Checks the payer's wallet against the sanctions list, fixes the USDC amount (and the fiat rate), and creates the transaction (`initiated`) with a fresh reference key and memo. Answers what the wallet must sign. Without `payer` it starts a Solana Pay QR payment: the phone wallet that pays is screened when its transfer is credited. Unpaid starts are capped per client address block (IPv4 /24, IPv6 /64), per link and per instance; a full link or instance makes room by expiring the oldest unpaid start of the block holding the most. 503 `chain_unavailable` with Retry-After when a QR start needs the network and it does not answer (nothing is created).",
  request: { params: z.object({ id: idParam }), body: { content: { "application/json": { schema: StartPaymentBody } }, required: true } },
  responses: {
    200: { description: "Started", content: { "application/json": { schema: z.object({ data: PaymentTransactionInfoSchema }) } } },
    ...errorResponses(400, 403, 404, 409, 429, 503),
  },
});

const progressRoute = createRoute({
  method: "get",
  path: "/pay/transactions/{payment}",
  tags: ["Pay"],
  summary: "Progress of a payment",
  description: "initiated → paid (confirmed) → validated (finalized), or failed with a reason.",
  request: { params: z.object({ payment: z.string().min(1).max(64).openapi({ param: { name: "payment", in: "path" } }) }) },
  responses: { 200: { description: "Progress", content: { "application/json": { schema: z.object({ data: PaymentProgressSchema }) } } }, ...errorResponses(404) },
});

/** The payer API on the payments origin: no account, the link id and the payment id are the capabilities. */
export function payRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(
    "/pay/:id/start",
    rateLimit(deps, { points: deps.env.PAY_START_RATE_LIMIT, durationSeconds: 60, keyPrefix: "pay-start" }),
  );
  return router
    .openapi(productRoute, async (c) => c.json({ data: await readPayableProduct(deps, c.req.valid("param").id) }, 200))
    .openapi(startRoute, async (c) => {
      try {
        const data = await startPayment(deps, c.req.valid("param").id, c.req.valid("json"), clientAddress(c, deps.env.TRUST_PROXY));
        payStarts.inc({ outcome: "started" });
        return c.json({ data }, 200);
      } catch (err) {
        payStarts.inc({ outcome: err instanceof ChainUnavailableError ? "chain_unavailable" : "refused" });
        if (err instanceof ChainUnavailableError) c.header("Retry-After", String(err.retryAfterSeconds));
        throw err;
      }
    })
    .openapi(progressRoute, async (c) => c.json({ data: await readPaymentProgress(deps, c.req.valid("param").payment) }, 200));
}
