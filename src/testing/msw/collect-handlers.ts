/**
 * The story server's zRequest routes (src/server/modules/collects): validated with the shared
 * rules (src/lib/collect.ts), edit keys that change on every save, the refusals for disabled and
 * paid requests, and the reminder's once-a-minute limit (a row e-mailed at STORY_NOW is "too soon").
 */
import { HttpResponse } from "msw";
import { ValidationError } from "yup";
import { COLLECT_MESSAGES, collectCurrencies, collectSchema, collectStatus, toCollectInput, type CollectDto } from "@/lib/collect";
import { hostedPayLink } from "@/lib/zlink";
import { requireMerchant } from "./auth-handlers";
import { STORY_APP_ORIGIN, STORY_NOW, STORY_PAYMENTS_ORIGIN, type StoryMerchant } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

function findOwn(id: string): CollectDto {
  const row = storyServer.collects.find((c) => c._id === id && c.user === storyServer.merchant._id);
  if (!row) throw new StoryApiError(404, "not_found", "zRequest not found");
  return row;
}

function validated(body: Record<string, unknown>, merchant: StoryMerchant, existingCurrency?: string) {
  const values = {
    name: String(body.name ?? ""),
    email: String(body.email ?? ""),
    desc: String(body.desc ?? ""),
    site: String(body.site ?? ""),
    price: body.price === undefined ? "" : String(body.price),
    currency: String(body.currency ?? ""),
  };
  const currencies = collectCurrencies(merchant.billingCurrency);
  if (existingCurrency && !currencies.includes(existingCurrency)) currencies.push(existingCurrency);
  try {
    collectSchema({ currencies, exampleHost: STORY_APP_ORIGIN }).validateSync(values, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    const tooSmall = issues.length === 1 && issues[0].message === COLLECT_MESSAGES.amountMinimum;
    throw new StoryApiError(400, tooSmall ? "amount_too_small" : "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  const input = toCollectInput(values);
  return {
    name: input.name,
    email: input.email,
    desc: input.desc,
    site: input.site,
    price: input.price,
    amount: input.price,
    currency: input.currency,
    useFiat: input.useFiat,
    userCurrency: merchant.billingCurrency ?? "USD",
  };
}

function assertOpen(row: CollectDto, key?: unknown): void {
  if (!row.enabled) throw new StoryApiError(409, "collect_disabled", "This zRequest is disabled and can no longer be changed");
  if (row.paymentInfo) throw new StoryApiError(409, "collect_paid", "This zRequest has a payment and can no longer be changed");
  if (key !== undefined && key !== storyServer.editKey(row._id)) {
    throw new StoryApiError(409, "stale_key", "This zRequest was changed elsewhere. Reload it and try again");
  }
}

export const collectHandlers = [
  route("get", "/api/collects", ({ request }) => {
    const merchant = requireMerchant(request);
    return { data: storyServer.collects.filter((c) => c.user === merchant._id) };
  }),

  route("post", "/api/collects/create", ({ request, body }) => {
    const merchant = requireMerchant(request);
    const id = storyServer.newId("new-c");
    const row: CollectDto = {
      _id: id,
      hashedId: `Rn${storyServer.newId("").padStart(10, "x")}`,
      user: merchant._id,
      ...validated(body, merchant),
      status: "pending",
      enabled: true,
      createdAt: STORY_NOW,
      updatedAt: STORY_NOW,
      lastEmailedAt: STORY_NOW,
      payerUnsubscribed: false,
      updateUrl: `/collects/update/${id}`,
      paymentInfo: null,
    };
    storyServer.collects.unshift(row);
    return HttpResponse.json({ data: { info: row } }, { status: 201 });
  }),

  route("get", "/api/collects/update/:id", ({ request, params }) => {
    requireMerchant(request);
    const row = findOwn(String(params.id));
    return { data: { key: storyServer.editKey(row._id), info: row } };
  }),

  route("post", "/api/collects/update/:id", ({ request, params, body }) => {
    const merchant = requireMerchant(request);
    const row = findOwn(String(params.id));
    assertOpen(row);
    const fields = validated(body, merchant, row.currency);
    assertOpen(row, body._key);
    // As the server: a new amount, currency or address is e-mailed again, unless the payer unsubscribed.
    const changed = fields.email.toLowerCase() !== row.email.toLowerCase() || fields.price !== row.price || fields.currency !== row.currency;
    Object.assign(row, fields, { updatedAt: STORY_NOW });
    storyServer.bumpEditKey(row._id);
    const mail = !changed
      ? { status: "unchanged", message: "Nothing the payer was e-mailed changed: no new e-mail." }
      : row.payerUnsubscribed
        ? { status: "not_sent", to: row.email, reason: "recipient_unsubscribed", queued: false, message: `Not sent: ${row.email} unsubscribed from your e-mails.` }
        : { status: "sent", to: row.email, message: `The request was e-mailed to ${row.email} with the new details.` };
    if (mail.status === "sent") row.lastEmailedAt = STORY_NOW;
    return { data: { key: storyServer.editKey(row._id), info: row, mail } };
  }),

  route("post", "/api/collects/disable/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const id = String(params.id);
    if (body._item_id !== id) throw new StoryApiError(400, "invalid_request", "The item id does not match the address");
    const row = findOwn(id);
    if (!row.enabled) throw new StoryApiError(409, "collect_disabled", "This zRequest is disabled and can no longer be changed");
    if (body._key !== storyServer.editKey(row._id)) throw new StoryApiError(409, "stale_key", "This zRequest was changed elsewhere. Reload it and try again");
    Object.assign(row, { enabled: false, updateUrl: null, updatedAt: STORY_NOW });
    row.status = collectStatus(row);
    storyServer.bumpEditKey(row._id);
    return { success: true, data: { info: row } };
  }),

  route("post", "/api/trigger-email", ({ request, body }) => {
    requireMerchant(request);
    const row = findOwn(String(body._item_id ?? ""));
    if (!row.enabled) throw new StoryApiError(409, "collect_disabled", "This zRequest is disabled: no reminder can be sent");
    if (row.paymentInfo) throw new StoryApiError(409, "collect_paid", "This zRequest is already paid");
    if (row.lastEmailedAt === STORY_NOW) throw new StoryApiError(429, "reminder_too_soon", "A reminder was sent less than a minute ago. Please wait a moment");
    row.lastEmailedAt = STORY_NOW;
    return { success: true, data: { info: row } };
  }),

  // After the update and disable routes, which this pattern would also match.
  route("get", "/api/collects/:user/:id", ({ request, params }) => {
    const merchant = requireMerchant(request);
    if (params.user !== merchant._id) throw new StoryApiError(404, "not_found", "zRequest not found");
    const row = findOwn(String(params.id));
    if (!row.enabled) throw new StoryApiError(409, "collect_disabled", "This zRequest is disabled: its link no longer works");
    return { data: { page_link: hostedPayLink(STORY_PAYMENTS_ORIGIN, row.hashedId), hashedId: row.hashedId } };
  }),
];
