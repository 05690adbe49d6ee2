/**
 * The story server's API keys routes (src/server/modules/integrations and zapi/secret-routes): the
 * API secret's status, regenerate (answering a fixed new secret once) and revoke-previous; the
 * account id and webhook secret
 * behind a fresh sign-in (`staleSignIn` answers 401 fresh_sign_in_required, as the server does
 * past FRESH_SIGN_IN_MINUTES), and regenerate, which answers a new one.
 */
import { ZAPI_ROTATION_GRACE_MS } from "@/lib/zapi";
import { requireMerchant } from "./auth-handlers";
import { STORY_NOW } from "./fixtures";
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

/** What the API secret's regenerate answers (fixed, so screenshots are stable). */
export const STORY_NEW_API_SECRET = "zpk_N2Q1YmM4ZTEtc3Rvcnktb25seS1zZWNyZXQtMDAwMQ";

function regenerateApiSecret(request: Request, keepPrevious: boolean) {
  requireMerchant(request);
  refuseStaleSignIn();
  const before = storyServer.zapiSecret;
  storyServer.zapiSecret = {
    exists: true,
    hint: STORY_NEW_API_SECRET.slice(-4),
    createdAt: STORY_NOW,
    legacy: false,
    previous: keepPrevious && before.exists && before.hint ? { hint: before.hint, expiresAt: new Date(Date.parse(STORY_NOW) + ZAPI_ROTATION_GRACE_MS).toISOString() } : null,
  };
  return { data: { ...storyServer.zapiSecret, secret: STORY_NEW_API_SECRET } };
}

export const apiKeysHandlers = [
  route("get", "/api/zapi/secret", ({ request }) => {
    requireMerchant(request);
    return { data: storyServer.zapiSecret };
  }),
  route("post", "/api/zapi/secret/regenerate", ({ request, body }) => regenerateApiSecret(request, body.keepPrevious === true)),
  route("post", "/api/zapi/secret/revoke-previous", ({ request }) => {
    requireMerchant(request);
    refuseStaleSignIn();
    storyServer.zapiSecret = { ...storyServer.zapiSecret, previous: null };
    return { data: storyServer.zapiSecret };
  }),
  route("get", "/api/integrations", ({ request }) => ({ data: keys(request) })),
  route("post", "/api/integrations/regenerate", ({ request }) => {
    keys(request);
    storyServer.apiSecret = STORY_REGENERATED_SECRET;
    return { success: true, data: keys(request) };
  }),
];
