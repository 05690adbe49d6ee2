import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { CustomerDto as Customer } from "@/lib/invoice";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requireMerchant } from "../auth";
import { createCustomer, deleteCustomer, findOwnCustomer, listCustomers, toCustomerDto, updateCustomer, validateCustomerBody } from "./service";

export const CustomerDto = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    address: z.array(z.string()).openapi({ description: "Two text lines" }),
    organisation: z.string().optional(),
    pin: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    merchant: z.string().openapi({ description: "The merchant's user id" }),
  })
  .openapi("Customer");
// The zod schema and the shared contract must agree.
export type CustomerDtoCheck = z.infer<typeof CustomerDto> extends Customer ? true : never;

const text = z.string().max(500).optional();
const SaveBody = z
  .object({
    name: z.string().max(500).optional(),
    email: z.string().max(500).optional(),
    address: z.array(z.string().max(500)).max(10).optional().openapi({ description: "Two text lines" }),
    organisation: text,
    pin: text,
    city: text,
    state: text,
    country: text,
    merchant: z.string().max(64).optional().openapi({ description: "Ignored: the signed-in merchant" }),
  })
  .openapi("CustomerSaveRequest");

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The customer's `_id`" }) });
const common = { tags: ["Customers"], security: [{ bearer: [] }] };
const One = z.object({ data: z.object({ customer: CustomerDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/v1/customers",
  summary: "The merchant's payees, newest first",
  responses: { 200: { description: "Payees", content: json(z.object({ data: z.array(CustomerDto) })) }, ...errorResponses(401, 403) },
});
const createRouteDef = createRoute({
  ...common,
  method: "post",
  path: "/v1/customers",
  summary: "Save a payee",
  description: "SPEC §5 rules. A payee with the same e-mail (any case) answers 400 `customer_exists`: 'Customer already exists for this email address.'",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 201: { description: "Saved", content: json(One) }, ...errorResponses(400, 401, 403) },
});
const updateRoute = createRoute({
  ...common,
  method: "put",
  path: "/v1/customers/{id}",
  summary: "Update a payee",
  description: "Invoices already saved keep the payee as it was billed.",
  request: { params: IdParam, body: { content: json(SaveBody), required: true } },
  responses: { 200: { description: "Updated", content: json(One) }, ...errorResponses(400, 401, 403, 404) },
});
const deleteRoute = createRoute({
  ...common,
  method: "delete",
  path: "/v1/customers/{id}",
  summary: "Delete a payee",
  description: "Invoices billed to them keep the payee as billed.",
  request: { params: IdParam },
  responses: { 200: { description: "Deleted", content: json(z.object({ success: z.boolean() })) }, ...errorResponses(401, 403, 404) },
});

/** Payees serve both zInvoice (bills) and v1 invoices: either permission lets a merchant manage them. */
const requireInvoicing: MiddlewareHandler<AppEnv> = async (c, next) => {
  const permissions = c.var.user?.settings.permissions ?? [];
  if (!permissions.includes("bills") && !permissions.includes("invoices")) {
    throw new ApiError(403, "permission_denied", "Your account does not have access to this feature");
  }
  await next();
};

export function customerRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  // "/v1/customers/*" also covers "/v1/customers" itself.
  router.use("/v1/customers/*", requireMerchant(db), requireInvoicing);
  return router
    .openapi(listRoute, async (c) => c.json({ data: (await listCustomers(db, c.var.user.id)).map(toCustomerDto) }, 200))
    .openapi(createRouteDef, async (c) => {
      const row = await createCustomer(db, c.var.user.id, await validateCustomerBody(c.req.valid("json")));
      return c.json({ data: { customer: toCustomerDto(row) } }, 201);
    })
    .openapi(updateRoute, async (c) => {
      const row = await findOwnCustomer(db, c.var.user.id, c.req.valid("param").id);
      const updated = await updateCustomer(db, row, await validateCustomerBody(c.req.valid("json")));
      return c.json({ data: { customer: toCustomerDto(updated) } }, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const row = await findOwnCustomer(db, c.var.user.id, c.req.valid("param").id);
      await deleteCustomer(db, row);
      return c.json({ success: true }, 200);
    });
}
