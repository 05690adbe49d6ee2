import { createRoute, z } from "@hono/zod-openapi";
import { hostedPayLink } from "@/lib/zlink";
import type { AppDeps } from "../../deps";
import { origins } from "../../env";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requirePermission } from "../../http/permissions";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { explorerLinkFor } from "../chains";
import { allowedCurrencies } from "../merchants";
import { DonateDto, DonationDto, toDonateDto, toDonationDto } from "./dto";
import {
  DONATE_NOT_FOUND,
  createDonate,
  disableDonate,
  editKey,
  findOwnDonate,
  listDonates,
  listDonations,
  updateDonate,
  validateDonateBody,
  withTotals,
} from "./service";

const SaveBody = z
  .object({
    label: z.string().max(1000).openapi({ example: "Support our work" }),
    desc: z.string().max(10_000).optional(),
    site: z.string().max(10_000).nullable().optional().openapi({ description: "Website (URL), optional" }),
    currency: z.string().max(16).openapi({ description: "The merchant's billing currency or USDC", example: "USD" }),
    suggestedAmounts: z
      .array(z.union([z.string().max(64), z.number()]))
      .max(50)
      .openapi({ description: "1 to 6 amounts, each at least 0.1, no repeats", example: ["5", "10", "25"] }),
  })
  .openapi("DonateSaveRequest");

const UpdateBody = SaveBody.extend({
  _key: z.string().max(64).optional().openapi({ description: "Edit key from the read; a stale key is refused (409)" }),
}).openapi("DonateUpdateRequest");

const DisableBody = z.object({ _item_id: z.string().max(64), _key: z.string().max(64) }).openapi("DonateDisableRequest");

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The donation page's `_id`" }) });
const InstructionsParams = IdParam.extend({
  user: z.string().max(64).openapi({ param: { name: "user", in: "path" }, description: "The merchant's `_id`" }),
});
const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ param: { name: "page", in: "query" } }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ param: { name: "limit", in: "query" } }),
});

const common = { tags: ["Donations"], security: [{ bearer: [] }] };
const Info = z.object({ data: z.object({ info: DonateDto }) });
const InfoWithKey = z.object({ data: z.object({ key: z.string(), info: DonateDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/donates",
  summary: "The merchant's donation pages, newest first, with the donations count and the amount raised",
  responses: { 200: { description: "Donation pages", content: json(z.object({ data: z.array(DonateDto) })) }, ...errorResponses(401, 403) },
});

const createRouteDef = createRoute({
  ...common,
  method: "post",
  path: "/donates/create",
  summary: "Create a donation page",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 201: { description: "Created", content: json(Info) }, ...errorResponses(400, 401, 403) },
});

const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/donates/update/{id}",
  summary: "Read a donation page to edit it",
  request: { params: IdParam },
  responses: { 200: { description: "The page and its edit key", content: json(InfoWithKey) }, ...errorResponses(401, 403, 404) },
});

const updateRoute = createRoute({
  ...common,
  method: "put",
  path: "/donates/update/{id}",
  summary: "Update a donation page",
  description: "A disabled page can't be changed (409 `donate_disabled`). Past donations keep what they paid.",
  request: { params: IdParam, body: { content: json(UpdateBody), required: true } },
  responses: { 200: { description: "Updated", content: json(InfoWithKey) }, ...errorResponses(400, 401, 403, 404, 409) },
});

const disableRoute = createRoute({
  ...common,
  method: "post",
  path: "/donates/disable/{id}",
  summary: "Disable a donation page for good",
  description: "Permanent: shared links and donation buttons stop working.",
  request: { params: IdParam, body: { content: json(DisableBody), required: true } },
  responses: { 200: { description: "Disabled", content: json(Info.extend({ success: z.boolean() })) }, ...errorResponses(400, 401, 403, 404, 409) },
});

const donationsRoute = createRoute({
  ...common,
  method: "get",
  path: "/donates/{id}/donations",
  summary: "The donations of one page, newest first",
  description: "Payments seen on chain (paid, validated, failed, refunded) with the donor's name and message.",
  request: { params: IdParam, query: PageQuery },
  responses: {
    200: {
      description: "A page of donations",
      content: json(z.object({ data: z.array(DonationDto), total: z.number().int(), page: z.number().int(), limit: z.number().int() })),
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const instructionsRoute = createRoute({
  ...common,
  method: "get",
  path: "/donates/{user}/{id}",
  summary: "The hosted donation page link",
  description: "`page_link` is `{payments origin}/?p={hashedId}`. A disabled page has none (409).",
  request: { params: InstructionsParams },
  responses: {
    200: { description: "Instructions", content: json(z.object({ data: z.object({ page_link: z.string(), hashedId: z.string() }) })) },
    ...errorResponses(401, 403, 404, 409),
  },
});

export function donateRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { app: appOrigin, payments } = origins(deps.env);
  const router = createRouter();
  router.use("/donates/*", requireMerchant(db), requirePermission("donate"));
  const one = async (userId: string, row: Awaited<ReturnType<typeof findOwnDonate>>) => toDonateDto((await withTotals(db, userId, [row]))[0]);

  // The donations route comes before `/donates/{user}/{id}`, which its path would match too.
  return router
    .openapi(listRoute, async (c) => c.json({ data: (await listDonates(db, c.var.user.id)).map(toDonateDto) }, 200))
    .openapi(createRouteDef, async (c) => {
      const user = c.var.user;
      const input = await validateDonateBody(c.req.valid("json"), { currencies: allowedCurrencies(user), exampleHost: appOrigin });
      const row = await createDonate(db, user, input);
      c.var.log.info({ userId: user.id, donateId: row.id }, "donation page created");
      return c.json({ data: { info: await one(user.id, row) } }, 201);
    })
    .openapi(readRoute, async (c) => {
      const row = await findOwnDonate(db, c.var.user.id, c.req.valid("param").id);
      return c.json({ data: { key: editKey(row), info: await one(c.var.user.id, row) } }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const user = c.var.user;
      const row = await findOwnDonate(db, user.id, c.req.valid("param").id);
      const body = c.req.valid("json");
      if (!row.enabled) throw new ApiError(409, "donate_disabled", "This donation page is disabled and can no longer be changed");
      const input = await validateDonateBody(body, { currencies: allowedCurrencies(user, row.currency), exampleHost: appOrigin });
      const updated = await updateDonate(db, user, row, input, body._key);
      return c.json({ data: { key: editKey(updated), info: await one(user.id, updated) } }, 200);
    })
    .openapi(disableRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._item_id !== id) throw new ApiError(400, "invalid_request", "The item id does not match the address");
      const row = await findOwnDonate(db, c.var.user.id, id);
      const disabled = await disableDonate(db, c.var.user.id, row, body._key);
      c.var.log.info({ userId: c.var.user.id, donateId: id }, "donation page disabled");
      return c.json({ success: true, data: { info: await one(c.var.user.id, disabled) } }, 200);
    })
    .openapi(donationsRoute, async (c) => {
      const row = await findOwnDonate(db, c.var.user.id, c.req.valid("param").id);
      const { page, limit } = c.req.valid("query");
      const { rows, total } = await listDonations(db, c.var.user.id, row.id, { page, limit });
      const scanLink = (chainId: number, hash: string) => explorerLinkFor(deps, chainId, hash);
      return c.json({ data: rows.map((r) => toDonationDto(r, scanLink)), total, page, limit }, 200);
    })
    .openapi(instructionsRoute, async (c) => {
      const { user, id } = c.req.valid("param");
      if (user !== c.var.user.id) throw new ApiError(404, "not_found", DONATE_NOT_FOUND);
      const row = await findOwnDonate(db, user, id);
      if (!row.enabled) throw new ApiError(409, "donate_disabled", "This donation page is disabled: its link no longer works");
      return c.json({ data: { page_link: hostedPayLink(payments, row.hashedId), hashedId: row.hashedId } }, 200);
    });
}
