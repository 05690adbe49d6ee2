import { createRoute, z } from "@hono/zod-openapi";
import { hostedPayLink } from "@/lib/zlink";
import type { AppDeps } from "../../deps";
import type { CollectRow } from "../../db/schema";
import { origins } from "../../env";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requirePermission } from "../../http/permissions";
import { createRouter } from "../../http/router";
import { loadPaymentInfo } from "../../payments/service";
import { requireMerchant } from "../auth";
import { explorerLinkFor } from "../chains";
import { mailCapsFrom } from "../../jobs/mail/merchant-mail";
import { normaliseAddress } from "../../jobs/mail/opt-outs";
import { CollectDto, CollectMailOutcomeDto, toCollectDto } from "./dto";
import {
  allowedCurrencies,
  assertOpen,
  createCollect,
  disableCollect,
  editKey,
  findOwnCollect,
  listCollects,
  sendReminder,
  unsubscribedPayers,
  updateCollect,
  validateCollectBody,
} from "./service";

const SaveBody = z
  .object({
    name: z.string().max(1000).openapi({ description: "The payer's name", example: "Ada Lovelace" }),
    email: z.string().max(1000).openapi({ description: "The payer's e-mail address", example: "ada@example.com" }),
    desc: z.string().max(10_000).openapi({ description: "The message to the payer", example: "March consulting" }),
    site: z.string().max(10_000).nullable().optional(),
    price: z.union([z.string().max(64), z.number()]).openapi({ description: "Decimal amount, at least 0.1", example: "12.5" }),
    currency: z.string().max(16).openapi({ description: "The merchant's billing currency or USDC", example: "USD" }),
    userCurrency: z.string().max(16).optional().openapi({ description: "Ignored: the server records the merchant's billing currency" }),
  })
  .openapi("CollectSaveRequest");

const UpdateBody = SaveBody.extend({
  _key: z.string().max(64).optional().openapi({ description: "Edit key from the read; a stale key is refused (409)" }),
}).openapi("CollectUpdateRequest");

const DisableBody = z.object({ _item_id: z.string().max(64), _key: z.string().max(64) }).openapi("CollectDisableRequest");
const ReminderBody = z.object({ _item_id: z.string().max(64).openapi({ description: "The zRequest's `_id`" }) }).openapi("CollectReminderRequest");

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The zRequest's `_id`" }) });
const InstructionsParams = IdParam.extend({
  user: z.string().max(64).openapi({ param: { name: "user", in: "path" }, description: "The merchant's `_id`" }),
});

const common = { tags: ["zRequest"], security: [{ bearer: [] }] };
const Info = z.object({ data: z.object({ info: CollectDto }) });
const InfoWithKey = z.object({ data: z.object({ key: z.string(), info: CollectDto }) });
const UpdatedInfo = z.object({ data: z.object({ key: z.string(), info: CollectDto, mail: CollectMailOutcomeDto }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/collects",
  summary: "The merchant's zRequests, newest first",
  responses: { 200: { description: "zRequests with their payment info", content: json(z.object({ data: z.array(CollectDto) })) }, ...errorResponses(401, 403) },
});

const createRouteDef = createRoute({
  ...common,
  method: "post",
  path: "/collects/create",
  summary: "Create a zRequest and e-mail the payer",
  description:
    "SPEC §5 rules (an amount under 0.1 answers 400 `amount_too_small`). The payer's e-mail is queued in the same transaction, within the merchant's mail caps (429 `mail_cap_recipient`, `mail_cap_day`, `mail_cap_hour` with Retry-After; nothing is created). A payer who unsubscribed is not e-mailed: the zRequest is created with `payerUnsubscribed` true.",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 201: { description: "Created", content: json(Info) }, ...errorResponses(400, 401, 403, 429) },
});

const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/collects/update/{id}",
  summary: "Read a zRequest to edit it",
  request: { params: IdParam },
  responses: { 200: { description: "The zRequest and its edit key", content: json(InfoWithKey) }, ...errorResponses(401, 403, 404) },
});

const updateRoute = createRoute({
  ...common,
  method: "post",
  path: "/collects/update/{id}",
  summary: "Update a zRequest",
  description:
    "Only while enabled and unpaid (409 `collect_disabled`, `collect_paid`). When the amount, currency or payer address changes, the payer is e-mailed the request again with the new details, within the mail caps. A mail that can't go out does not stop the save: `mail` says whether it was sent, and if not, why (payer unsubscribed, a mail cap, the mail server off or failing).",
  request: { params: IdParam, body: { content: json(UpdateBody), required: true } },
  responses: { 200: { description: "Updated, with what became of the payer's e-mail", content: json(UpdatedInfo) }, ...errorResponses(400, 401, 403, 404, 409) },
});

const disableRoute = createRoute({
  ...common,
  method: "post",
  path: "/collects/disable/{id}",
  summary: "Disable a zRequest for good",
  request: { params: IdParam, body: { content: json(DisableBody), required: true } },
  responses: { 200: { description: "Disabled", content: json(Info.extend({ success: z.boolean() })) }, ...errorResponses(400, 401, 403, 404, 409) },
});

const reminderRoute = createRoute({
  ...common,
  method: "post",
  path: "/trigger-email",
  summary: "E-mail the payer a reminder of a zRequest",
  description:
    "Refused for a disabled (409 `collect_disabled`) or paid (409 `collect_paid`) request, a payer who unsubscribed (409 `recipient_unsubscribed`); at most one e-mail a minute per request: 429 `request_mail_too_soon` when the request itself (on creation or after an edit) was just e-mailed, `reminder_too_soon` after a reminder; and within the merchant's mail caps (429 `mail_cap_*` with Retry-After). `mail` says whether the mail server is delivering (`not_sent` with `mail_server_off` or `mail_server_failing`: queued, it goes out later).",
  request: { body: { content: json(ReminderBody), required: true } },
  responses: {
    200: { description: "Queued", content: json(z.object({ success: z.boolean(), data: z.object({ info: CollectDto, mail: CollectMailOutcomeDto }) })) },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

const instructionsRoute = createRoute({
  ...common,
  method: "get",
  path: "/collects/{user}/{id}",
  summary: "The pay link of a zRequest",
  description: "`page_link` is `{payments origin}/?p={hashedId}`. A disabled zRequest has none (409).",
  request: { params: InstructionsParams },
  responses: {
    200: { description: "Instructions", content: json(z.object({ data: z.object({ page_link: z.string(), hashedId: z.string() }) })) },
    ...errorResponses(401, 403, 404, 409),
  },
});

export function collectRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { app: appOrigin, payments } = origins(deps.env);
  const router = createRouter();
  router.use("/collects/*", requireMerchant(db), requirePermission("collect"));
  router.use("/trigger-email", requireMerchant(db), requirePermission("collect"));

  const infosOf = async (rows: CollectRow[]) => {
    const infos = await loadPaymentInfo(db, "collect", rows.map((r) => r.id));
    for (const info of infos.values()) if (info.hash) info.scanLink = explorerLinkFor(deps, info.chain, info.hash) ?? null;
    return infos;
  };
  const withInfo = async (rows: CollectRow[]) => {
    const infos = await infosOf(rows);
    const unsubscribed = rows.length > 0 ? await unsubscribedPayers(db, rows[0].userId, rows) : new Set<string>();
    return rows.map((r) => toCollectDto(r, infos.get(r.id), unsubscribed.has(normaliseAddress(r.email))));
  };
  const mail = { caps: mailCapsFrom(deps.env), payOrigin: payments, env: deps.env };
  const oneWithInfo = async (row: CollectRow) => (await withInfo([row]))[0];
  const isPaid = async (row: CollectRow) => (await loadPaymentInfo(db, "collect", [row.id])).has(row.id);

  return router
    .openapi(listRoute, async (c) => c.json({ data: await withInfo(await listCollects(db, c.var.user.id)) }, 200))
    .openapi(createRouteDef, async (c) => {
      const user = c.var.user;
      const input = await validateCollectBody(c.req.valid("json"), { currencies: allowedCurrencies(user), exampleHost: appOrigin });
      const row = await createCollect(db, user, input, mail);
      c.var.log.info({ userId: user.id, collectId: row.id }, "zRequest created");
      return c.json({ data: { info: await oneWithInfo(row) } }, 201);
    })
    .openapi(readRoute, async (c) => {
      const row = await findOwnCollect(db, c.var.user.id, c.req.valid("param").id);
      return c.json({ data: { key: editKey(row), info: await oneWithInfo(row) } }, 200);
    })
    .openapi(updateRoute, async (c) => {
      const user = c.var.user;
      const row = await findOwnCollect(db, user.id, c.req.valid("param").id);
      const body = c.req.valid("json");
      const paid = await isPaid(row);
      assertOpen(row, paid); // a closed request answers 409 whatever the body
      const input = await validateCollectBody(body, { currencies: allowedCurrencies(user, row.currency), exampleHost: appOrigin });
      const updated = await updateCollect(db, user, row, paid, input, mail, body._key);
      c.var.log.info({ userId: user.id, collectId: row.id, mail: updated.mail.status }, "zRequest updated");
      return c.json({ data: { key: editKey(updated.row), info: await oneWithInfo(updated.row), mail: updated.mail } }, 200);
    })
    .openapi(disableRoute, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._item_id !== id) throw new ApiError(400, "invalid_request", "The item id does not match the address");
      const row = await findOwnCollect(db, c.var.user.id, id);
      const disabled = await disableCollect(db, c.var.user.id, row, body._key);
      c.var.log.info({ userId: c.var.user.id, collectId: id }, "zRequest disabled");
      return c.json({ success: true, data: { info: await oneWithInfo(disabled) } }, 200);
    })
    .openapi(reminderRoute, async (c) => {
      const user = c.var.user;
      const row = await findOwnCollect(db, user.id, c.req.valid("json")._item_id);
      const sent = await sendReminder(db, user, row, await isPaid(row), mail);
      c.var.log.info({ userId: user.id, collectId: row.id }, "zRequest reminder queued");
      return c.json({ success: true, data: { info: await oneWithInfo(sent.row), mail: sent.mail } }, 200);
    })
    .openapi(instructionsRoute, async (c) => {
      const { user, id } = c.req.valid("param");
      if (user !== c.var.user.id) throw new ApiError(404, "not_found", "zRequest not found");
      const row = await findOwnCollect(db, user, id);
      if (!row.enabled) throw new ApiError(409, "collect_disabled", "This zRequest is disabled: its link no longer works");
      return c.json({ data: { page_link: hostedPayLink(payments, row.hashedId), hashedId: row.hashedId } }, 200);
    });
}
