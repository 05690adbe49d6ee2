/**
 * The story server's API keys routes (src/server/modules/integrations): the account id and secret
 * behind a fresh sign-in (`staleSignIn` answers 401 fresh_sign_in_required, as the server does
 * past FRESH_SIGN_IN_MINUTES), and regenerate, which answers a new one.
 */
import { requireMerchant } from "./auth-handlers";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

/** What every route answering the secret does first: refuse an old sign-in, as the server does. */
export function refuseStaleSignIn() {
  if (storyServer.staleSignIn) throw new StoryApiError(401, "fresh_sign_in_required", "For your security, please sign in again (within the last 10 minutes) to do this.");
}

function keys(request: Request) {
  const merchant = requireMerchant(request);
  refuseStaleSignIn();
  return { account: { id: merchant._id }, secret: storyServer.apiSecret, apiHook: null, callback: null, shopify_store: null, shopify_secret: null, referralCode: merchant.referralCode, ...storyServer.integration };
}

/** What regenerate answers (fixed, so screenshots are stable). */
export const STORY_REGENERATED_SECRET = "whsec_bmV3LXNlY3JldC1hZnRlci1yZWdlbmVyYXRlLTAwMQ==";

export const apiKeysHandlers = [
  route("get", "/api/integrations", ({ request }) => ({ data: keys(request) })),
  route("post", "/api/integrations/regenerate", ({ request }) => {
    keys(request);
    storyServer.apiSecret = STORY_REGENERATED_SECRET;
    return { success: true, data: keys(request) };
  }),
];
