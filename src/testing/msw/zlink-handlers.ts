/**
 * The story server's zLink routes (src/server/modules/quick-pays): validated with the shared
 * zLink rules (src/lib/zlink.ts) the form and the server use, edit keys that change on every
 * save, and the server's refusals for disabled, paid and stale links.
 */
import { HttpResponse } from "msw";
import { ValidationError } from "yup";
import { ZLINK_MESSAGES, hostedPayLink, isBelowMinimum, toZLinkInput, zlinkCurrencies, zlinkSchema, type QuickPayDto } from "@/lib/zlink";
import { requireMerchant } from "./auth-handlers";
import { STORY_APP_ORIGIN, STORY_NOW, STORY_PAYMENTS_ORIGIN, type StoryMerchant } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

/** One of the merchant's zLinks; any other id answers the same 404. */
function findOwn(id: string): QuickPayDto {
  const row = storyServer.links.find((l) => l._id === id && l.user === storyServer.merchant._id);
  if (!row) throw new StoryApiError(404, "not_found", "Payment Link not found");
  return row;
}

/** The body's zLink fields checked as the server does (validateQuickPayBody), as DTO fields. */
function validated(body: Record<string, unknown>, merchant: StoryMerchant, existingCurrency?: string) {
  const values = {
    label: String(body.label ?? ""),
    desc: String(body.desc ?? ""),
    site: String(body.site ?? ""),
    price: body.price === undefined ? "" : String(body.price),
    currency: String(body.currency ?? ""),
  };
  const currencies = zlinkCurrencies(merchant.billingCurrency);
  if (existingCurrency && !currencies.includes(existingCurrency)) currencies.push(existingCurrency);
  try {
    zlinkSchema({ currencies, exampleHost: STORY_APP_ORIGIN }).validateSync(values, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    throw new StoryApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  if (isBelowMinimum(values.price)) {
    throw new StoryApiError(400, "amount_too_small", ZLINK_MESSAGES.amountMinimum, [{ path: "price", message: ZLINK_MESSAGES.amountMinimum }]);
  }
  const input = toZLinkInput(values);
  return {
    label: input.label,
    desc: input.desc,
    site: input.site,
    price: input.price,
    amount: input.price,
    currency: input.currency,
    useFiat: input.useFiat,
    fiat: input.useFiat ? input.currency : null,
    token: input.useFiat ? null : input.currency,
    priceBaseUnits: input.priceBaseUnits === null ? null : input.priceBaseUnits.toString(),
    userCurrency: merchant.billingCurrency ?? "USD",
  };
}

/** Edits and disables need an enabled link and, when given, its current edit key. */
function assertEditable(row: QuickPayDto, key: unknown): void {
  if (!row.enabled) throw new StoryApiError(409, "zlink_disabled", "This zLink is disabled and can no longer be changed");
  if (key !== undefined && key !== storyServer.editKey(row._id)) {
    throw new StoryApiError(409, "stale_key", "This zLink was changed elsewhere. Reload it and try again");
  }
}

/** SPEC §4: the first successful save marks the merchant onboarded. */
function markOnboarded(): void {
  storyServer.merchant.settings.isOnboarded = true;
}

export const zlinkHandlers = [
  route("get", "/api/quick-pays", ({ request }) => {
    const merchant = requireMerchant(request);
    return { data: storyServer.links.filter((l) => l.user === merchant._id) };
  }),

  route("post", "/api/quick-pays/create", ({ request, body }) => {
    const merchant = requireMerchant(request);
    const fields = validated(body, merchant);
    const id = storyServer.newId("new-");
    const row: QuickPayDto = {
      _id: id,
      hashedId: `Nw${storyServer.newId("").padStart(10, "x")}`,
      user: merchant._id,
      ...fields,
      defaultToken: "USDC",
      enabled: true,
      createdAt: STORY_NOW,
      updatedAt: STORY_NOW,
      updateUrl: `/quick-pays/update/${id}`,
      paymentInfo: null,
    };
    storyServer.links.unshift(row);
    markOnboarded();
    return HttpResponse.json({ data: { info: row } }, { status: 201 });
  }),

  route("get", "/api/quick-pays/update/:id", ({ request, params }) => {
    requireMerchant(request);
    const row = findOwn(String(params.id));
    return { data: { key: storyServer.editKey(row._id), info: row } };
  }),

  route("put", "/api/quick-pays/update/:id", ({ request, params, body }) => {
    const merchant = requireMerchant(request);
    const row = findOwn(String(params.id));
    if (!row.enabled) throw new StoryApiError(409, "zlink_disabled", "This zLink is disabled and can no longer be changed");
    if (row.paymentInfo) throw new StoryApiError(409, "zlink_paid", "This zLink has a payment and can no longer be changed");
    const fields = validated(body, merchant, row.currency);
    assertEditable(row, body._key);
    Object.assign(row, fields, { updatedAt: STORY_NOW });
    storyServer.bumpEditKey(row._id);
    markOnboarded();
    return { data: { key: storyServer.editKey(row._id), info: row } };
  }),

  route("post", "/api/quick-pays/disable/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const id = String(params.id);
    if (body._item_id !== id) throw new StoryApiError(400, "invalid_request", "The item id does not match the address");
    const row = findOwn(id);
    assertEditable(row, body._key);
    Object.assign(row, { enabled: false, updateUrl: null, updatedAt: STORY_NOW });
    storyServer.bumpEditKey(row._id);
    return { success: true, data: { info: row } };
  }),

  // After the update and disable routes, which this pattern would also match.
  route("get", "/api/quick-pays/:user/:id", ({ request, params }) => {
    const merchant = requireMerchant(request);
    if (params.user !== merchant._id) throw new StoryApiError(404, "not_found", "Payment Link not found");
    const row = findOwn(String(params.id));
    if (!row.enabled) throw new StoryApiError(409, "zlink_disabled", "This zLink is disabled: its link no longer works");
    return { data: { page_link: hostedPayLink(STORY_PAYMENTS_ORIGIN, row.hashedId), hashedId: row.hashedId } };
  }),
];
