/**
 * The story server's e-mail related routes: `PUT /api/me/language` (src/server/modules/merchant-language),
 * which the app calls when a signed-in merchant switches language, so their e-mails follow it.
 */
import { requireMerchant } from "./auth-handlers";
import { route, StoryApiError } from "./respond";

export const mailHandlers = [
  route("put", "/api/me/language", ({ request, body }) => {
    requireMerchant(request, { allowWithoutTerms: true });
    if (body.language !== "en" && body.language !== "fr") {
      throw new StoryApiError(400, "invalid_request", "Invalid request", [{ path: "language", message: "Language must be en or fr" }]);
    }
    return { data: { language: body.language } };
  }),
];
