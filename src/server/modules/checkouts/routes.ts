import { createRoute, z } from "@hono/zod-openapi";
import { hostedPayLink } from "@/lib/zlink";
import type { CheckoutRow } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { origins } from "../../env";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requirePermission } from "../../http/permissions";
import { createRouter } from "../../http/router";
import { loadPaymentInfo } from "../../payments/service";
import { requireMerchant } from "../auth";
import { explorerLinkFor } from "../chains";
import { CheckoutDto, toCheckoutDto } from "./dto";
import {
  CHECKOUT_NOT_FOUND,
  checkoutEditKey,
  createCheckout,
  disableCheckout,
  findOwnCheckout,
  itemsOf,
  listCheckouts,
  updateCheckout,
  validateCheckoutBody,
} from "./service";

const SaveBody = z
  .object({
    label: z.string().max(1000).openapi({ example: "Buy now" }),
    desc: z.string().max(10_000).optional(),
    lines: z
      .array(z.object({ itemId: z.string().max(64), quantity: z.number() }))
      .max(100)
      .openapi({ description: "Catalogue items (all in one currency) and their default quantities (1..99)" }),
    quantitiesEditable: z.boolean().optional().openapi({ description: "Let the payer change the quantities" }),
  })
  .openapi("CheckoutSaveRequest");
const UpdateBody = SaveBody.extend({ _key: z.string().max(64).optional() }).openapi("CheckoutUpdateRequest");
const DisableBody = z.object({ _item_id: z.string().max(64), _key: z.string().max(64) }).openapi("CheckoutDisableRequest");
const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" } }) });
const InstructionsParams = IdParam.extend({ user: z.string().max(64).openapi({ param: { name: "user", in: "path" } }) });

const common = { tags: ["zCart"], security: [{ bearer: [] }] };
const Info = z.object({ data: z.object({ info: CheckoutDto }) });
const InfoWithKey = z.object({ data: z.object({ key: z.string(), info: CheckoutDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/products",
  summary: "The merchant's zCart checkouts, newest first",
  responses: { 200: { description: "Checkouts", content: json(z.object({ data: z.array(CheckoutDto) })) }, ...errorResponses(401, 403) },
});
const createCheckoutRoute = createRoute({
  ...common,
  method: "post",
  path: "/products/create",
  summary: "Create a checkout",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 201: { description: "Created", content: json(Info) }, ...errorResponses(400, 401, 403) },
});
const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/products/update/{id}",
  summary: "Read a checkout to edit it",
  request: { params: IdParam },
  responses: { 200: { description: "The checkout and its edit key", content: json(InfoWithKey) }, ...errorResponses(401, 403, 404) },
});
const updateRoute = createRoute({
  ...common,
  method: "put",
  path: "/products/update/{id}",
  summary: "Update a checkout",
  description: "A disabled checkout (409 `checkout_disabled`) or one with a payment (409 `checkout_paid`) can't be changed.",
  request: { params: IdParam, body: { content: json(UpdateBody), required: true } },
  responses: { 200: { description: "Updated", content: json(InfoWithKey) }, ...errorResponses(400, 401, 403, 404, 409) },
});
const disableRoute = createRoute({
  ...common,
  method: "post",
  path: "/products/disable/{id}",
  summary: "Disable a checkout for good",
  request: { params: IdParam, body: { content: json(DisableBody), required: true } },
  responses: { 200: { description: "Disabled", content: json(Info.extend({ success: z.boolean() })) }, ...errorResponses(400, 401, 403, 404, 409) },
});
const instructionsRoute = createRoute({
  ...common,
  method: "get",
  path: "/products/{user}/{id}",
  summary: "The hosted payment page link of a checkout",
  request: { params: InstructionsParams },
  responses: {
    200: { description: "Instructions", content: json(z.object({ data: z.object({ page_link: z.string(), hashedId: z.string() }) })) },
    ...errorResponses(401, 403, 404, 409),
  },
});

/** zCart checkouts: SPEC entity `products` (`/api/products…`, permission `checkout`). */
export function checkoutRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { payments } = origins(deps.env);
  const router = createRouter();
  // "/products/*" also covers "/products" itself.
  router.use("/products/*", requireMerchant(db), requirePermission("checkout"));
  const dtos = async (userId: string, rows: CheckoutRow[]) => {
    const [items, infos] = await Promise.all([itemsOf(db, userId, rows), loadPaymentInfo(db, "product", rows.map((r) => r.id))]);
    for (const info of infos.values()) if (info.hash) info.scanLink = explorerLinkFor(deps, info.chain, info.hash) ?? null;
    return rows.map((r) => toCheckoutDto(r, items, infos.get(r.id)));
  };
  const dto = async (row: CheckoutRow) => (await dtos(row.userId, [row]))[0];
  const assertUnpaid = async (row: CheckoutRow) => {
    if ((await loadPaymentInfo(db, "product", [row.id])).has(row.id)) {
      throw new ApiError(409, "checkout_paid", "This checkout has a payment and can no longer be changed");
    }
  };

  return router
    .openapi(listRoute, async (c) => c.json({ data: await dtos(c.var.user.id, await listCheckouts(db, c.var.user.id)) }, 200))
    .openapi(createCheckoutRoute, async (c) => {
      const user = c.var.user;
      const input = await validateCheckoutBody(db, user.id, c.req.valid("json"));
      const row = await createCheckout(db, user, input);
      c.var.log.info({ userId: user.id, checkoutId: row.id }, "checkout created");
      return c.json({ data: { info: await dto(row) } }, 201);
    })
    .openapi(readRoute, async (c) => {
      const row = await findOwnCheckout(db, c.var.user.id, c.req.valid("param").id);
      return c.json({ data: { key: checkoutEditKey(row), info: await dto(row) } }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const user = c.var.user;
      const row = await findOwnCheckout(db, user.id, c.req.valid("param").id);
      const body = c.req.valid("json");
      if (!row.enabled) throw new ApiError(409, "checkout_disabled", "This checkout is disabled and can no longer be changed");
      await assertUnpaid(row);
      const input = await validateCheckoutBody(db, user.id, body);
      const updated = await updateCheckout(db, user.id, row, input, body._key);
      return c.json({ data: { key: checkoutEditKey(updated), info: await dto(updated) } }, 200);
    })
    .openapi(disableRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._item_id !== id) throw new ApiError(400, "invalid_request", "The item id does not match the address");
      const row = await findOwnCheckout(db, c.var.user.id, id);
      const disabled = await disableCheckout(db, c.var.user.id, row, body._key);
      c.var.log.info({ userId: c.var.user.id, checkoutId: id }, "checkout disabled");
      return c.json({ success: true, data: { info: await dto(disabled) } }, 200);
    })
    .openapi(instructionsRoute, async (c) => {
      const { user, id } = c.req.valid("param");
      if (user !== c.var.user.id) throw new ApiError(404, "not_found", CHECKOUT_NOT_FOUND);
      const row = await findOwnCheckout(db, user, id);
      if (!row.enabled) throw new ApiError(409, "checkout_disabled", "This checkout is disabled: its link no longer works");
      return c.json({ data: { page_link: hostedPayLink(payments, row.hashedId), hashedId: row.hashedId } }, 200);
    });
}
