/**
 * The story server's profile routes (src/server/modules/profile, currencies): the profile, its
 * logo (any file is answered with the drawn logo; a `.svg` or `.txt` name with the server's 415,
 * a file over 2 MB with 413), the supported currencies and the billing currency.
 */
import { http, HttpResponse } from "msw";
import { BRAND_COLOR, LOGO_MAX_BYTES, PROFILE_MESSAGES } from "@/lib/profile";
import { requireMerchant } from "./auth-handlers";
import { STORY_CURRENCIES, STORY_LOGO } from "./profile-fixtures";
import { errorResponse, route, StoryApiError } from "./respond";
import { storyServer } from "./store";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export const profileHandlers = [
  route("get", "/api/profile", ({ request }) => {
    requireMerchant(request);
    return { data: storyServer.profile };
  }),
  route("put", "/api/profile", ({ request, body }) => {
    requireMerchant(request);
    const brandColor = text(body.brandColor).toLowerCase();
    if (brandColor && !BRAND_COLOR.test(brandColor)) {
      throw new StoryApiError(400, "invalid_request", PROFILE_MESSAGES.colorInvalid, [{ path: "brandColor", message: PROFILE_MESSAGES.colorInvalid }]);
    }
    storyServer.profile = {
      ...storyServer.profile,
      company: text(body.company),
      city: text(body.city),
      taxId: text(body.taxId),
      defaultInvoiceNotes: text(body.defaultInvoiceNotes),
      brandColor,
    };
    return { data: storyServer.profile };
  }),
  route("delete", "/api/profile/logo", ({ request }) => {
    requireMerchant(request);
    storyServer.profile = { ...storyServer.profile, logoUrl: null };
    return { data: storyServer.profile };
  }),
  // Raw bytes, not JSON: outside `route`, which parses bodies as JSON.
  http.post("/api/profile/logo", async ({ request }) => {
    try {
      requireMerchant(request);
    } catch (err) {
      if (err instanceof StoryApiError) return errorResponse(err.status, err.code, err.message);
      throw err;
    }
    const bytes = new Uint8Array(await request.arrayBuffer());
    storyServer.requests.push({ method: "POST", path: "/api/profile/logo", body: { size: bytes.length } });
    if (bytes.length > LOGO_MAX_BYTES) return errorResponse(413, "payload_too_large", PROFILE_MESSAGES.logoTooLarge);
    const png = bytes[0] === 0x89 && bytes[1] === 0x50;
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
    if (!png && !jpeg) return errorResponse(415, "unsupported_media_type", PROFILE_MESSAGES.logoNotImage);
    storyServer.profile = { ...storyServer.profile, logoUrl: STORY_LOGO };
    return HttpResponse.json({ data: storyServer.profile });
  }),
  route("get", "/api/supported-currencies", () => ({ data: STORY_CURRENCIES })),
  route("post", "/api/update-billing-currency", ({ request, body }) => {
    requireMerchant(request);
    const currency = text(body.currency);
    if (!STORY_CURRENCIES.some(([code]) => code === currency)) throw new StoryApiError(400, "invalid_request", "Choose a currency from the list");
    storyServer.profile = { ...storyServer.profile, billingCurrency: currency };
    storyServer.merchant.billingCurrency = currency;
    return { success: true, data: { billingCurrency: currency } };
  }),
];
