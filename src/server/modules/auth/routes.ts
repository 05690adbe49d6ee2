import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses } from "../../http/openapi";
import { requireMerchant } from "./middleware";
import { rateLimit } from "../../http/rate-limit";
import { ConfigSchema, readConfig } from "../chains";
import { ServerModeSchema, UserDto, toUserDto } from "./dto";
import { decodeSolanaPublicKey } from "../../chains/solana/signature";
import { issueNonce } from "./nonces";
import { acceptTerms, revokeSession, signIn } from "./service";
import { signinSite } from "./site";

const SigninBody = z
  .object({
    publicKey: z.string().min(1).max(64).openapi({ example: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin" }),
    signature: z.array(z.number().int().min(0).max(255)).length(64).openapi({ description: "ed25519 signature bytes" }),
    message: z.string().min(1).max(1024).openapi({ description: "The signed Sign-In With Solana message text" }),
    email: z.union([z.email(), z.literal("")]).optional(),
    referralCode: z.string().max(32).optional(),
  })
  .openapi("SolanaSigninRequest");

const NonceBody = z
  .object({ publicKey: z.string().min(1).max(64).openapi({ example: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin" }) })
  .openapi("SigninNonceRequest");

const SigninChallenge = z
  .object({
    domain: z.string().openapi({ example: "localhost:4321", description: "SIWS domain: the merchant app's host" }),
    uri: z.string().openapi({ example: "http://localhost:4321", description: "SIWS URI: the merchant app's origin" }),
    chainId: z.string().openapi({ example: "solana:devnet" }),
    nonce: z.string().openapi({ description: "Single-use, for this wallet only" }),
    expiresAt: z.string().openapi({ description: "ISO time the nonce stops being accepted" }),
  })
  .openapi("SigninChallenge");


const signinRoute = createRoute({
  method: "post",
  path: "/solana-signin",
  tags: ["Auth"],
  summary: "Sign in with a Solana wallet signature",
  description:
    "The wallet signs a Sign-In With Solana message for this site (domain, URI, chain and a nonce from `POST /auth/nonce`) whose statement is the fixed prefix + timestamp in ms, either with `solana:signIn` (send its `signedMessage` as text) or `signMessage`. Returns the user with a bearer token. 401 codes: `wrong_site`, `wrong_wallet`, `stale_message`, `invalid_signature`, `nonce_used`, `nonce_expired`.",
  request: { body: { content: { "application/json": { schema: SigninBody } }, required: true } },
  responses: {
    200: {
      description: "Signed in",
      content: { "application/json": { schema: z.object({ data: z.object({ user: UserDto }).extend(ConfigSchema.shape) }) } },
    },
    ...errorResponses(400, 401, 429),
  },
});

const nonceRoute = createRoute({
  method: "post",
  path: "/auth/nonce",
  tags: ["Auth"],
  summary: "Start a sign-in: the fields the wallet's sign-in message must carry",
  description: "Issues a single-use nonce for the wallet, valid for five minutes.",
  request: { body: { content: { "application/json": { schema: NonceBody } }, required: true } },
  responses: {
    200: { description: "The challenge", content: { "application/json": { schema: z.object({ data: SigninChallenge }) } } },
    ...errorResponses(400, 429),
  },
});

const acceptTermsRoute = createRoute({
  method: "post",
  path: "/accept-terms",
  tags: ["Auth"],
  summary: "Accept the terms of service",
  security: [{ bearer: [] }],
  responses: {
    200: { description: "Accepted", content: { "application/json": { schema: z.object({ data: z.object({ user: UserDto }) }) } } },
    ...errorResponses(401),
  },
});

const signoutRoute = createRoute({
  method: "get",
  path: "/signout",
  tags: ["Auth"],
  summary: "Revoke the current session",
  security: [{ bearer: [] }],
  responses: {
    200: { description: "Signed out", content: { "application/json": { schema: z.object({ success: z.boolean() }) } } },
    ...errorResponses(401),
  },
});

const sessionRoute = createRoute({
  method: "get",
  path: "/session",
  tags: ["Auth"],
  summary: "The signed-in merchant, to refresh the cached user, the server's mode and whether it offers zRamp",
  security: [{ bearer: [] }],
  responses: {
    200: {
      description:
        "The merchant, whether this server runs in sandbox or production mode (the page hides what production does not offer), and whether it has a fiat on-ramp provider (the menu hides zRamp without one)",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({
              user: UserDto,
              mode: ServerModeSchema,
              zramp: z.boolean().openapi({ description: "A zRamp provider is configured on this server" }),
            }),
          }),
        },
      },
    },
    ...errorResponses(401),
  },
});

export function authRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  const site = signinSite(deps.env);
  router.use(
    "/solana-signin",
    rateLimit(deps, { points: deps.env.SIGNIN_RATE_LIMIT, durationSeconds: 60, keyPrefix: "signin" }),
  );
  // Each nonce is a row: the same limit keeps an anonymous caller from filling the table.
  router.use("/auth/nonce", rateLimit(deps, { points: deps.env.SIGNIN_RATE_LIMIT, durationSeconds: 60, keyPrefix: "signin-nonce" }));
  router.use("/accept-terms", requireMerchant(db, { allowWithoutTerms: true }));
  router.use("/signout", requireMerchant(db, { allowWithoutTerms: true }));
  router.use("/session", requireMerchant(db, { allowWithoutTerms: true }));

  return router
    .openapi(nonceRoute, async (c) => {
      const { publicKey } = c.req.valid("json");
      if (!decodeSolanaPublicKey(publicKey)) throw new ApiError(400, "invalid_public_key", "Invalid wallet public key");
      return c.json({ data: await issueNonce(db, publicKey, site) }, 200);
    })
    .openapi(signinRoute, async (c) => {
      const body = c.req.valid("json");
      const { user, session } = await signIn(db, body, site);
      c.var.log.info({ userId: user.id }, "merchant signed in");
      return c.json({ data: { user: toUserDto(user, session), ...(await readConfig(deps)) } }, 200);
    })
    .openapi(acceptTermsRoute, async (c) => {
      const user = await acceptTerms(db, c.var.user.id);
      return c.json({ data: { user: toUserDto(user) } }, 200);
    })
    .openapi(sessionRoute, (c) => c.json({ data: { user: toUserDto(c.var.user), mode: deps.env.ZPAY_MODE, zramp: Boolean(deps.env.ZRAMP_PROVIDER_URL) } }, 200))
    .openapi(signoutRoute, async (c) => {
      await revokeSession(db, c.var.sessionToken);
      return c.json({ success: true }, 200);
    });
}
