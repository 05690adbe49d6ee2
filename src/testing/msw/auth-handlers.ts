/**
 * The story server's sign-in and session routes (src/server/modules/auth): a nonce, then any
 * signature over a message carrying it (stories have no real wallet keys), terms, sign-out.
 */
import { isSolanaAddress } from "@/lib/wallet-address";
import { STORY_APP_ORIGIN, STORY_NONCE, type StoryMerchant } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

/** Session lifetime the story server grants; the same an hour the stories' cached users used. */
const SESSION_MS = 3600_000;

/**
 * Lets a request through only with the live session's bearer token (and, unless
 * `allowWithoutTerms`, accepted terms), answering as src/server/modules/auth/middleware.ts does.
 */
export function requireMerchant(request: Request, { allowWithoutTerms = false } = {}): StoryMerchant {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token) throw new StoryApiError(401, "unauthorized", "Sign in to continue");
  if (token !== storyServer.token) throw new StoryApiError(401, "session_expired", "Current logged-in session has expired, please login again");
  if (!allowWithoutTerms && !storyServer.merchant.acceptedTerms) {
    throw new StoryApiError(403, "terms_not_accepted", "Please accept the terms of service to continue");
  }
  return storyServer.merchant;
}

/** The user as the server's UserDto shows them (src/server/modules/auth/dto.ts). */
function userDto(merchant: StoryMerchant, session?: { token: string; validTill: string }) {
  return {
    _id: merchant._id,
    publicKey: merchant.publicKey,
    email: merchant.email,
    ...session,
    settings: { ...merchant.settings, isNonCustodial: false, version: 1, restrictUserToChains: [] },
    billingCurrency: merchant.billingCurrency ?? "USD",
    acceptedTerms: merchant.acceptedTerms,
    referralCode: merchant.referralCode,
  };
}

export const authHandlers = [
  route("post", "/api/auth/nonce", ({ body }) => {
    const publicKey = String(body.publicKey ?? "");
    if (!isSolanaAddress(publicKey)) throw new StoryApiError(400, "invalid_public_key", "Invalid wallet public key");
    storyServer.nonces.set(publicKey, STORY_NONCE);
    const { host } = new URL(STORY_APP_ORIGIN);
    return { data: { domain: host, uri: STORY_APP_ORIGIN, chainId: "solana:devnet", nonce: STORY_NONCE, expiresAt: new Date(Date.now() + 300_000).toISOString() } };
  }),

  route("post", "/api/solana-signin", ({ body }) => {
    const publicKey = String(body.publicKey ?? "");
    const message = String(body.message ?? "");
    const nonce = storyServer.nonces.get(publicKey);
    if (!nonce || !message.includes(`\nNonce: ${nonce}\n`)) {
      throw new StoryApiError(401, "nonce_used", "This sign-in request was already used or was not issued to this wallet. Please sign in again.");
    }
    if (!message.includes(`\n${publicKey}\n`)) throw new StoryApiError(401, "wrong_wallet", "The sign-in message names another wallet");
    storyServer.nonces.delete(publicKey);
    // The wallet is the account: signing in with the story wallet opens the story merchant's session.
    const token = storyServer.signIn({ ...storyServer.merchant, publicKey });
    return { data: { user: userDto(storyServer.merchant, { token, validTill: new Date(Date.now() + SESSION_MS).toISOString() }) } };
  }),

  route("post", "/api/accept-terms", ({ request }) => {
    requireMerchant(request, { allowWithoutTerms: true });
    storyServer.merchant.acceptedTerms = true;
    return { data: { user: userDto(storyServer.merchant) } };
  }),

  route("get", "/api/session", ({ request }) => ({ data: { user: userDto(requireMerchant(request, { allowWithoutTerms: true })) } })),

  route("get", "/api/signout", ({ request }) => {
    requireMerchant(request, { allowWithoutTerms: true });
    storyServer.signOut();
    return { success: true };
  }),

  route("post", "/api/request/production", ({ request }) => {
    requireMerchant(request);
    return { success: true, requestedAt: new Date().toISOString() };
  }),
];
