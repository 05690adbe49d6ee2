/**
 * The story server's donation routes (src/server/modules/donates): validated with the shared
 * schema (src/lib/donate.ts), edit keys that change on every save, disabled pages refused.
 */
import { HttpResponse } from "msw";
import { ValidationError } from "yup";
import { donateSchema, toDonateInput, type DonateDto } from "@/lib/donate";
import { hostedPayLink, zlinkCurrencies } from "@/lib/zlink";
import { requireMerchant } from "./auth-handlers";
import { STORY_APP_ORIGIN, STORY_NOW, STORY_PAYMENTS_ORIGIN, type StoryMerchant } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

const NOT_FOUND = "Donation page not found";
/** Edit keys live apart from zLink's (same counter map, distinct ids). */
const keyId = (id: string) => `donate:${id}`;

function findOwn(id: string): DonateDto {
  const row = storyServer.donates.find((d) => d._id === id && d.user === storyServer.merchant._id);
  if (!row) throw new StoryApiError(404, "not_found", NOT_FOUND);
  return row;
}

function validated(body: Record<string, unknown>, merchant: StoryMerchant, existingCurrency?: string) {
  const values = {
    label: String(body.label ?? ""),
    desc: String(body.desc ?? ""),
    site: String(body.site ?? ""),
    currency: String(body.currency ?? ""),
    suggestedAmounts: Array.isArray(body.suggestedAmounts) ? body.suggestedAmounts.map(String) : [],
  };
  const currencies = zlinkCurrencies(merchant.billingCurrency);
  if (existingCurrency && !currencies.includes(existingCurrency)) currencies.push(existingCurrency);
  try {
    donateSchema({ currencies, exampleHost: STORY_APP_ORIGIN }).validateSync(values, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    throw new StoryApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  const input = toDonateInput(values);
  return { ...input, userCurrency: merchant.billingCurrency ?? "USD" };
}

function assertEditable(row: DonateDto, key: unknown): void {
  if (!row.enabled) throw new StoryApiError(409, "donate_disabled", "This donation page is disabled and can no longer be changed");
  if (key !== undefined && key !== storyServer.editKey(keyId(row._id))) {
    throw new StoryApiError(409, "stale_key", "This donation page was changed elsewhere. Reload it and try again");
  }
}

export const donateHandlers = [
  route("get", "/api/donates", ({ request }) => {
    const merchant = requireMerchant(request);
    return { data: storyServer.donates.filter((d) => d.user === merchant._id) };
  }),

  route("post", "/api/donates/create", ({ request, body }) => {
    const merchant = requireMerchant(request);
    const fields = validated(body, merchant);
    const id = storyServer.newId("don-");
    const row: DonateDto = {
      _id: id,
      hashedId: `Dn${storyServer.newId("").padStart(10, "x")}`,
      user: merchant._id,
      ...fields,
      enabled: true,
      createdAt: STORY_NOW,
      updatedAt: STORY_NOW,
      updateUrl: `/donates/update/${id}`,
      donationsCount: 0,
      raised: [],
    };
    storyServer.donates.unshift(row);
    storyServer.merchant.settings.isOnboarded = true;
    return HttpResponse.json({ data: { info: row } }, { status: 201 });
  }),

  route("get", "/api/donates/update/:id", ({ request, params }) => {
    requireMerchant(request);
    const row = findOwn(String(params.id));
    return { data: { key: storyServer.editKey(keyId(row._id)), info: row } };
  }),

  route("put", "/api/donates/update/:id", ({ request, params, body }) => {
    const merchant = requireMerchant(request);
    const row = findOwn(String(params.id));
    if (!row.enabled) throw new StoryApiError(409, "donate_disabled", "This donation page is disabled and can no longer be changed");
    const fields = validated(body, merchant, row.currency);
    assertEditable(row, body._key);
    Object.assign(row, fields, { updatedAt: STORY_NOW });
    storyServer.bumpEditKey(keyId(row._id));
    return { data: { key: storyServer.editKey(keyId(row._id)), info: row } };
  }),

  route("post", "/api/donates/disable/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const id = String(params.id);
    if (body._item_id !== id) throw new StoryApiError(400, "invalid_request", "The item id does not match the address");
    const row = findOwn(id);
    assertEditable(row, body._key);
    Object.assign(row, { enabled: false, updateUrl: null, updatedAt: STORY_NOW });
    storyServer.bumpEditKey(keyId(row._id));
    return { success: true, data: { info: row } };
  }),

  // Before `/api/donates/:user/:id`, which this path would also match.
  route("get", "/api/donates/:id/donations", ({ request, params }) => {
    requireMerchant(request);
    const row = findOwn(String(params.id));
    const url = new URL(request.url);
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 20)));
    const all = storyServer.donations[row._id] ?? [];
    return { data: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
  }),

  route("get", "/api/donates/:user/:id", ({ request, params }) => {
    const merchant = requireMerchant(request);
    if (params.user !== merchant._id) throw new StoryApiError(404, "not_found", NOT_FOUND);
    const row = findOwn(String(params.id));
    if (!row.enabled) throw new StoryApiError(409, "donate_disabled", "This donation page is disabled: its link no longer works");
    return { data: { page_link: hostedPayLink(STORY_PAYMENTS_ORIGIN, row.hashedId), hashedId: row.hashedId } };
  }),
];
