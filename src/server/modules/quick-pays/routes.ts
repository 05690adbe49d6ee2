import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requireMerchant } from "../auth";
import { requirePermission } from "../../http/permissions";
import { origins } from "../../env";
import { hostedPayLink } from "@/lib/zlink";
import { QuickPayDto, toQuickPayDto } from "./dto";
import { loadPaymentInfo } from "./payment-info";
import { explorerLinkFor } from "../chains";
import { allowedCurrencies } from "../merchants";
import {
  createQuickPay,
  disableQuickPay,
  editKey,
  findOwnQuickPay,
  listQuickPays,
  updateQuickPay,
  validateQuickPayBody,
} from "./service";

const SaveBody = z
  .object({
    label: z.string().max(1000).openapi({ example: "Pay Now" }),
    desc: z.string().max(10_000).optional(),
    site: z.string().max(10_000).nullable().optional().openapi({ description: "Website (URL), optional" }),
    price: z.union([z.string().max(64), z.number()]).openapi({ description: "Decimal amount, at least 0.1", example: "12.5" }),
    currency: z.string().max(16).openapi({ description: "The merchant's billing currency or USDC", example: "USD" }),
    userCurrency: z.string().max(16).optional().openapi({ description: "Ignored: the server records the merchant's billing currency" }),
  })
  .openapi("QuickPaySaveRequest");

const UpdateBody = SaveBody.extend({
  _key: z.string().max(64).optional().openapi({ description: "Edit key from the read; a stale key is refused (409)" }),
}).openapi("QuickPayUpdateRequest");

const DisableBody = z
  .object({ _item_id: z.string().max(64), _key: z.string().max(64) })
  .openapi("QuickPayDisableRequest");

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The zLink's `_id`" }) });
const InstructionsParams = IdParam.extend({
  user: z.string().max(64).openapi({ param: { name: "user", in: "path" }, description: "The merchant's `_id`" }),
});

const common = { tags: ["zLink"], security: [{ bearer: [] }] };
const Info = z.object({ data: z.object({ info: QuickPayDto }) });
const InfoWithKey = z.object({ data: z.object({ key: z.string(), info: QuickPayDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/quick-pays",
  summary: "The merchant's zLinks, newest first",
  responses: { 200: { description: "zLinks with their payment info", content: json(z.object({ data: z.array(QuickPayDto) })) }, ...errorResponses(401, 403) },
});

const createRouteDef = createRoute({
  ...common,
  method: "post",
  path: "/quick-pays/create",
  summary: "Create a zLink",
  description: "SPEC §5 rules; an amount under 0.1 answers 400 `amount_too_small`. The first save marks the merchant onboarded.",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 201: { description: "Created", content: json(Info) }, ...errorResponses(400, 401, 403) },
});

const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/quick-pays/update/{id}",
  summary: "Read a zLink to edit it",
  request: { params: IdParam },
  responses: { 200: { description: "The zLink and its edit key", content: json(InfoWithKey) }, ...errorResponses(401, 403, 404) },
});

const updateRoute = createRoute({
  ...common,
  method: "put",
  path: "/quick-pays/update/{id}",
  summary: "Update a zLink",
  description: "A disabled zLink (409 `zlink_disabled`) or one with a payment (409 `zlink_paid`) can't be changed.",
  request: { params: IdParam, body: { content: json(UpdateBody), required: true } },
  responses: { 200: { description: "Updated", content: json(InfoWithKey) }, ...errorResponses(400, 401, 403, 404, 409) },
});

const disableRoute = createRoute({
  ...common,
  method: "post",
  path: "/quick-pays/disable/{id}",
  summary: "Disable a zLink for good",
  description: "Permanent: shared links and buttons stop working, and the zLink can't be edited or enabled again.",
  request: { params: IdParam, body: { content: json(DisableBody), required: true } },
  responses: { 200: { description: "Disabled", content: json(Info.extend({ success: z.boolean() })) }, ...errorResponses(400, 401, 403, 404, 409) },
});

const instructionsRoute = createRoute({
  ...common,
  method: "get",
  path: "/quick-pays/{user}/{id}",
  summary: "The hosted payment page link of a zLink",
  description: "`page_link` is `{payments origin}/?p={hashedId}`. A disabled zLink has none (409).",
  request: { params: InstructionsParams },
  responses: {
    200: { description: "Instructions", content: json(z.object({ data: z.object({ page_link: z.string(), hashedId: z.string() }) })) },
    ...errorResponses(401, 403, 404, 409),
  },
});

export function quickPayRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { app: appOrigin, payments } = origins(deps.env);
  const router = createRouter();
  // "/quick-pays/*" also covers "/quick-pays" itself (registering both would check twice).
  router.use("/quick-pays/*", requireMerchant(db), requirePermission("quickpay"));
  const withInfo = async (rows: Awaited<ReturnType<typeof listQuickPays>>) => {
    const infos = await loadPaymentInfo(db, rows.map((r) => r.id), (chainId, hash) => explorerLinkFor(deps, chainId, hash));
    return rows.map((r) => toQuickPayDto(r, infos.get(r.id)));
  };
  const oneWithInfo = async (row: Awaited<ReturnType<typeof listQuickPays>>[number]) => (await withInfo([row]))[0];

  return router
    .openapi(listRoute, async (c) => c.json({ data: await withInfo(await listQuickPays(db, c.var.user.id)) }, 200))
    .openapi(createRouteDef, async (c) => {
      const user = c.var.user;
      const input = await validateQuickPayBody(c.req.valid("json"), { currencies: allowedCurrencies(user), exampleHost: appOrigin });
      const row = await createQuickPay(db, user, input);
      c.var.log.info({ userId: user.id, quickPayId: row.id }, "zLink created");
      return c.json({ data: { info: await oneWithInfo(row) } }, 201);
    })
    .openapi(readRoute, async (c) => {
      const row = await findOwnQuickPay(db, c.var.user.id, c.req.valid("param").id);
      return c.json({ data: { key: editKey(row), info: await oneWithInfo(row) } }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const user = c.var.user;
      const row = await findOwnQuickPay(db, user.id, c.req.valid("param").id);
      const body = c.req.valid("json");
      if (!row.enabled) throw new ApiError(409, "zlink_disabled", "This zLink is disabled and can no longer be changed");
      // SPEC §2: a link with a payment offers no Edit; its price is what was paid.
      if ((await loadPaymentInfo(db, [row.id])).has(row.id)) {
        throw new ApiError(409, "zlink_paid", "This zLink has a payment and can no longer be changed");
      }
      const input = await validateQuickPayBody(body, { currencies: allowedCurrencies(user, row.currency), exampleHost: appOrigin });
      const updated = await updateQuickPay(db, user, row, input, body._key);
      return c.json({ data: { key: editKey(updated), info: await oneWithInfo(updated) } }, 200);
    })
    .openapi(disableRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._item_id !== id) throw new ApiError(400, "invalid_request", "The item id does not match the address");
      const row = await findOwnQuickPay(db, c.var.user.id, id);
      const disabled = await disableQuickPay(db, c.var.user.id, row, body._key);
      c.var.log.info({ userId: c.var.user.id, quickPayId: id }, "zLink disabled");
      return c.json({ success: true, data: { info: await oneWithInfo(disabled) } }, 200);
    })
    .openapi(instructionsRoute, async (c) => {
      const { user, id } = c.req.valid("param");
      if (user !== c.var.user.id) throw new ApiError(404, "not_found", "Payment Link not found");
      const row = await findOwnQuickPay(db, user, id);
      if (!row.enabled) throw new ApiError(409, "zlink_disabled", "This zLink is disabled: its link no longer works");
      return c.json({ data: { page_link: hostedPayLink(payments, row.hashedId), hashedId: row.hashedId } }, 200);
    });
}
