import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requirePermission } from "../../http/permissions";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { CatalogItemDto, toCatalogItemDto } from "./dto";
import {
  createCatalogItem,
  disableCatalogItem,
  findOwnCatalogItem,
  itemEditKey,
  listCatalogItems,
  updateCatalogItem,
  validateCatalogItemBody,
} from "./service";

const SaveBody = z
  .object({
    name: z.string().max(1000).openapi({ example: "Coffee mug" }),
    description: z.string().max(10_000).optional(),
    price: z.union([z.string().max(64), z.number()]).openapi({ description: "Decimal amount, at least 0.1", example: "12.5" }),
    currency: z.string().max(16).openapi({ description: "The merchant's billing currency or USDC", example: "USD" }),
    imageId: z.string().max(64).nullable().optional().openapi({ description: "An upload's `_id` (POST /api/uploads)" }),
  })
  .openapi("CatalogItemSaveRequest");
const UpdateBody = SaveBody.extend({ _key: z.string().max(64).optional() }).openapi("CatalogItemUpdateRequest");
const DisableBody = z.object({ _item_id: z.string().max(64), _key: z.string().max(64) }).openapi("CatalogItemDisableRequest");
const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" } }) });

const common = { tags: ["zCart"], security: [{ bearer: [] }] };
const Info = z.object({ data: z.object({ info: CatalogItemDto }) });
const InfoWithKey = z.object({ data: z.object({ key: z.string(), info: CatalogItemDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/catalog",
  summary: "The merchant's catalogue, newest first",
  responses: { 200: { description: "Items", content: json(z.object({ data: z.array(CatalogItemDto) })) }, ...errorResponses(401, 403) },
});
const createItemRoute = createRoute({
  ...common,
  method: "post",
  path: "/catalog/create",
  summary: "Add an item to the catalogue",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 201: { description: "Created", content: json(Info) }, ...errorResponses(400, 401, 403) },
});
const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/catalog/update/{id}",
  summary: "Read an item to edit it",
  request: { params: IdParam },
  responses: { 200: { description: "The item and its edit key", content: json(InfoWithKey) }, ...errorResponses(401, 403, 404) },
});
const updateRoute = createRoute({
  ...common,
  method: "put",
  path: "/catalog/update/{id}",
  summary: "Update an item",
  description: "Checkouts holding it show and charge the new price from now on. A disabled item can't be changed (409).",
  request: { params: IdParam, body: { content: json(UpdateBody), required: true } },
  responses: { 200: { description: "Updated", content: json(InfoWithKey) }, ...errorResponses(400, 401, 403, 404, 409) },
});
const disableRoute = createRoute({
  ...common,
  method: "post",
  path: "/catalog/disable/{id}",
  summary: "Disable an item for good",
  description: "Checkouts holding it are no longer payable.",
  request: { params: IdParam, body: { content: json(DisableBody), required: true } },
  responses: { 200: { description: "Disabled", content: json(Info.extend({ success: z.boolean() })) }, ...errorResponses(400, 401, 403, 404, 409) },
});

/** zCart's catalogue: `/api/catalog…` (permission `checkout`). */
export function catalogRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  // "/catalog/*" also covers "/catalog" itself.
  router.use("/catalog/*", requireMerchant(db), requirePermission("checkout"));
  return router
    .openapi(listRoute, async (c) => c.json({ data: (await listCatalogItems(db, c.var.user.id)).map(toCatalogItemDto) }, 200))
    .openapi(createItemRoute, async (c) => {
      const user = c.var.user;
      const input = await validateCatalogItemBody(db, user, c.req.valid("json"));
      const row = await createCatalogItem(db, user.id, input);
      c.var.log.info({ userId: user.id, itemId: row.id }, "catalogue item created");
      return c.json({ data: { info: toCatalogItemDto(row) } }, 201);
    })
    .openapi(readRoute, async (c) => {
      const row = await findOwnCatalogItem(db, c.var.user.id, c.req.valid("param").id);
      return c.json({ data: { key: itemEditKey(row), info: toCatalogItemDto(row) } }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const user = c.var.user;
      const row = await findOwnCatalogItem(db, user.id, c.req.valid("param").id);
      const body = c.req.valid("json");
      if (!row.enabled) throw new ApiError(409, "item_disabled", "This item is disabled and can no longer be changed");
      const input = await validateCatalogItemBody(db, user, body, row.currency);
      const updated = await updateCatalogItem(db, user.id, row, input, body._key);
      return c.json({ data: { key: itemEditKey(updated), info: toCatalogItemDto(updated) } }, 200);
    })
    .openapi(disableRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._item_id !== id) throw new ApiError(400, "invalid_request", "The item id does not match the address");
      const row = await findOwnCatalogItem(db, c.var.user.id, id);
      const disabled = await disableCatalogItem(db, c.var.user.id, row, body._key);
      c.var.log.info({ userId: c.var.user.id, itemId: id }, "catalogue item disabled");
      return c.json({ success: true, data: { info: toCatalogItemDto(disabled) } }, 200);
    });
}
