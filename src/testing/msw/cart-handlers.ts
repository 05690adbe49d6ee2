/**
 * The story server's zCart routes (src/server/modules/catalog and checkouts): the catalogue and
 * checkouts validated with the shared schemas (src/lib/cart.ts), edit keys that change on every
 * save, another merchant's ids answering 404, and image uploads.
 */
import { http, HttpResponse } from "msw";
import { ValidationError } from "yup";
import {
  cartTotal,
  catalogItemSchema,
  checkoutSchema,
  toCatalogItemInput,
  uploadUrl,
  type CatalogItemDto,
  type CheckoutDto,
} from "@/lib/cart";
import { hostedPayLink, isTokenCurrency, zlinkCurrencies } from "@/lib/zlink";
import { requireMerchant } from "./auth-handlers";
import { MUG_IMAGE } from "./cart-fixtures";
import { STORY_NOW, STORY_PAYMENTS_ORIGIN } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

function invalid(err: unknown): never {
  if (!(err instanceof ValidationError)) throw err;
  const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
  throw new StoryApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
}

function ownItem(id: string): CatalogItemDto {
  const row = storyServer.catalog.find((i) => i._id === id && i.user === storyServer.merchant._id);
  if (!row) throw new StoryApiError(404, "not_found", "Item not found");
  return row;
}

function ownCheckout(id: string): CheckoutDto {
  const row = storyServer.checkouts.find((c) => c._id === id && c.user === storyServer.merchant._id);
  if (!row) throw new StoryApiError(404, "not_found", "Checkout not found");
  return row;
}

function editable(row: { _id: string; enabled: boolean }, key: unknown): void {
  if (!row.enabled) throw new StoryApiError(409, "disabled", "This is disabled and can no longer be changed");
  if (key !== undefined && key !== storyServer.editKey(row._id)) throw new StoryApiError(409, "stale_key", "This was changed elsewhere. Reload it and try again");
}

function itemFields(body: Record<string, unknown>) {
  const values = {
    name: String(body.name ?? ""),
    description: String(body.description ?? ""),
    price: body.price === undefined ? "" : String(body.price),
    currency: String(body.currency ?? ""),
    imageId: String(body.imageId ?? ""),
  };
  try {
    catalogItemSchema({ currencies: zlinkCurrencies(storyServer.merchant.billingCurrency) }).validateSync(values, { abortEarly: false });
  } catch (err) {
    invalid(err);
  }
  const input = toCatalogItemInput(values);
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    currency: input.currency,
    useFiat: input.useFiat,
    priceBaseUnits: input.priceBaseUnits === null ? null : input.priceBaseUnits.toString(),
    imageId: input.imageId,
    imageUrl: input.imageId ? (storyServer.catalog.find((i) => i.imageId === input.imageId)?.imageUrl ?? uploadUrl(input.imageId)) : null,
  };
}

function checkoutFields(body: Record<string, unknown>) {
  const enabled = new Map(storyServer.catalog.filter((i) => i.enabled).map((i) => [i._id, i]));
  const values = {
    label: String(body.label ?? ""),
    description: String(body.desc ?? ""),
    lines: (Array.isArray(body.lines) ? body.lines : []) as { itemId: string; quantity: number }[],
    quantitiesEditable: Boolean(body.quantitiesEditable),
  };
  try {
    checkoutSchema({ itemCurrency: (id) => enabled.get(id)?.currency }).validateSync(values, { abortEarly: false });
  } catch (err) {
    invalid(err);
  }
  const lines = values.lines.map((l) => {
    const item = enabled.get(l.itemId)!;
    return { itemId: l.itemId, name: item.name, unitPrice: item.price, quantity: l.quantity, imageUrl: item.imageUrl, enabled: true };
  });
  const total = cartTotal(lines);
  const currency = enabled.get(values.lines[0].itemId)!.currency;
  return { label: values.label.trim(), desc: values.description.trim(), lines, quantitiesEditable: values.quantitiesEditable, price: total, amount: total, currency, useFiat: !isTokenCurrency(currency) };
}

export const cartHandlers = [
  // Every stored image is the drawn mug (the stories' uploads are stubs).
  http.get("/api/uploads/:id", () => new HttpResponse(decodeURIComponent(MUG_IMAGE.slice(MUG_IMAGE.indexOf(",") + 1)), { headers: { "content-type": "image/svg+xml" } })),
  route("get", "/api/catalog", ({ request }) => {
    const merchant = requireMerchant(request);
    return { data: storyServer.catalog.filter((i) => i.user === merchant._id) };
  }),
  route("post", "/api/catalog/create", ({ request, body }) => {
    const merchant = requireMerchant(request);
    const row: CatalogItemDto = { _id: storyServer.newId("item-"), user: merchant._id, ...itemFields(body), enabled: true, createdAt: STORY_NOW, updatedAt: STORY_NOW };
    storyServer.catalog.unshift(row);
    return HttpResponse.json({ data: { info: row } }, { status: 201 });
  }),
  route("get", "/api/catalog/update/:id", ({ request, params }) => {
    requireMerchant(request);
    const row = ownItem(String(params.id));
    return { data: { key: storyServer.editKey(row._id), info: row } };
  }),
  route("put", "/api/catalog/update/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const row = ownItem(String(params.id));
    editable(row, body._key);
    Object.assign(row, itemFields(body), { updatedAt: STORY_NOW });
    storyServer.bumpEditKey(row._id);
    return { data: { key: storyServer.editKey(row._id), info: row } };
  }),
  route("post", "/api/catalog/disable/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const row = ownItem(String(params.id));
    editable(row, body._key);
    row.enabled = false;
    storyServer.bumpEditKey(row._id);
    return { success: true, data: { info: row } };
  }),

  route("get", "/api/products", ({ request }) => {
    const merchant = requireMerchant(request);
    return { data: storyServer.checkouts.filter((c) => c.user === merchant._id) };
  }),
  route("post", "/api/products/create", ({ request, body }) => {
    const merchant = requireMerchant(request);
    const id = storyServer.newId("new-");
    const row: CheckoutDto = {
      _id: id,
      hashedId: `Cart${id.padStart(8, "0")}`,
      user: merchant._id,
      ...checkoutFields(body),
      userCurrency: merchant.billingCurrency ?? "USD",
      enabled: true,
      createdAt: STORY_NOW,
      updatedAt: STORY_NOW,
      updateUrl: `/products/update/${id}`,
      paymentInfo: null,
    };
    storyServer.checkouts.unshift(row);
    storyServer.merchant.settings.isOnboarded = true;
    return HttpResponse.json({ data: { info: row } }, { status: 201 });
  }),
  route("get", "/api/products/update/:id", ({ request, params }) => {
    requireMerchant(request);
    const row = ownCheckout(String(params.id));
    return { data: { key: storyServer.editKey(row._id), info: row } };
  }),
  route("put", "/api/products/update/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const row = ownCheckout(String(params.id));
    editable(row, body._key);
    Object.assign(row, checkoutFields(body), { updatedAt: STORY_NOW });
    storyServer.bumpEditKey(row._id);
    return { data: { key: storyServer.editKey(row._id), info: row } };
  }),
  route("post", "/api/products/disable/:id", ({ request, params, body }) => {
    requireMerchant(request);
    const row = ownCheckout(String(params.id));
    editable(row, body._key);
    Object.assign(row, { enabled: false, updateUrl: null });
    storyServer.bumpEditKey(row._id);
    return { success: true, data: { info: row } };
  }),
  route("get", "/api/products/:user/:id", ({ request, params }) => {
    const merchant = requireMerchant(request);
    if (params.user !== merchant._id) throw new StoryApiError(404, "not_found", "Checkout not found");
    const row = ownCheckout(String(params.id));
    if (!row.enabled) throw new StoryApiError(409, "checkout_disabled", "This checkout is disabled: its link no longer works");
    return { data: { page_link: hostedPayLink(STORY_PAYMENTS_ORIGIN, row.hashedId), hashedId: row.hashedId } };
  }),
];
