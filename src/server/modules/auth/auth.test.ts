import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { sessions, signinNonces, users } from "../../db/schema";
import { requireMerchant } from "./middleware";
import type { AppEnv } from "../../http/context";
import { toErrorResponse } from "../../http/errors";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signedSigninBody, signinChallenge } from "../../testing/merchants";
import { newSolanaKey, type TestSolanaKey } from "../../testing/solana-keys";
import { SIGNIN_MESSAGE_PREFIX, parseSigninMessage } from "@/lib/signin-message";
import { NONCE_TTL_MS } from "./nonces";
import { DEFAULT_PERMISSIONS } from "@/lib/permissions";

describe.each(TEST_BACKENDS)("merchant sign-in on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
  });
  afterAll(() => database.close());

  const post = (path: string, body: unknown, token?: string) =>
    app.request(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  async function signInAs(key: TestSolanaKey, extra: Record<string, unknown> = {}) {
    const res = await post("/solana-signin", { ...(await signedSigninBody(app, key)), ...extra });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  }
  const expectRefused = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.code).toBe(code);
    expect(body.message).toEqual(expect.any(String));
  };

  it("creates a merchant on first sign-in and returns a session and the config", async () => {
    const key = newSolanaKey();
    const data = await signInAs(key, { email: "shop@example.com" });
    expect(data.user).toMatchObject({
      publicKey: key.address,
      email: "shop@example.com",
      acceptedTerms: false,
      billingCurrency: "USD",
      settings: { isOnboarded: false, permissions: [...DEFAULT_PERMISSIONS], rampOnly: false },
    });
    expect(data.user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const ttl = Date.parse(data.user.validTill) - Date.now();
    expect(ttl).toBeGreaterThan(6 * 24 * 3600_000);
    expect(data.fiats).toContainEqual(["USD", "US Dollar"]);
    expect(data).toHaveProperty("tokens");
    expect(data).toHaveProperty("chainsOrder");
    // The token itself is never stored.
    const stored = await database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === data.user.token)).toBe(false);
  });

  it("hands out a nonce challenge naming this site, and refuses a malformed wallet", async () => {
    const key = newSolanaKey();
    const res = await post("/auth/nonce", { publicKey: key.address });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toEqual({
      domain: "localhost:4321",
      uri: "http://localhost:4321",
      chainId: "solana:devnet",
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(data.expiresAt) - Date.now()).toBeLessThanOrEqual(NONCE_TTL_MS);
    expect((await signinChallenge(app, key)).nonce).not.toBe(data.nonce);
    await expectRefused(await post("/auth/nonce", { publicKey: "abc" }), 400, "invalid_public_key");
    expect((await post("/auth/nonce", {})).status).toBe(400);
  });

  it("names APP_ORIGIN's host as the domain when one is set", async () => {
    const behindProxy = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", APP_ORIGIN: "https://pay.example.com" }));
    const challenge = await signinChallenge(behindProxy, newSolanaKey());
    expect(challenge).toMatchObject({ domain: "pay.example.com", uri: "https://pay.example.com" });
  });

  it("returns the signed-in merchant from /session, and 401 without a live session", async () => {
    const a = (await signInAs(newSolanaKey())).user;
    const b = (await signInAs(newSolanaKey())).user;
    const res = await app.request("/api/session", { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    const { user } = (await res.json()).data;
    expect(user._id).toBe(a._id);
    expect(user._id).not.toBe(b._id);
    expect(user.token).toBeUndefined();
    expect((await app.request("/api/session")).status).toBe(401);
  });

  it("tells the page which mode the running server is in", async () => {
    const a = (await signInAs(newSolanaKey())).user;
    const headers = { authorization: `Bearer ${a.token}` };
    expect((await (await app.request("/api/session", { headers })).json()).data.mode).toBe("sandbox");
    const deps = testDeps(database);
    const production = createApp({ ...deps, env: { ...deps.env, ZPAY_MODE: "production" } });
    expect((await (await production.request("/api/session", { headers })).json()).data.mode).toBe("production");
  });

  it("tells the page whether this server offers zRamp (a provider is configured)", async () => {
    const a = (await signInAs(newSolanaKey())).user;
    const headers = { authorization: `Bearer ${a.token}` };
    expect((await (await app.request("/api/session", { headers })).json()).data.zramp).toBe(false);
    const deps = testDeps(database);
    const withRamp = createApp({ ...deps, env: { ...deps.env, ZRAMP_PROVIDER_URL: "https://ramp.example/widget" } });
    expect((await (await withRamp.request("/api/session", { headers })).json()).data.zramp).toBe(true);
  });

  it("signs a returning merchant into the same account", async () => {
    const key = newSolanaKey();
    const first = await signInAs(key);
    const second = await signInAs(key);
    expect(second.user._id).toBe(first.user._id);
    expect(second.user.token).not.toBe(first.user.token);
  });

  it("refuses a signature made by another key", async () => {
    const key = newSolanaKey();
    const body = await signedSigninBody(app, key);
    await expectRefused(await post("/solana-signin", { ...body, signature: newSolanaKey().sign(body.message) }), 401, "invalid_signature");
  });

  it("refuses a signature over a different message", async () => {
    const key = newSolanaKey();
    const body = await signedSigninBody(app, key);
    const other = await signedSigninBody(app, key);
    await expectRefused(await post("/solana-signin", { ...body, message: other.message }), 401, "invalid_signature");
  });

  it("refuses a message naming another wallet than the one signing", async () => {
    const key = newSolanaKey();
    const body = await signedSigninBody(app, key);
    const thief = newSolanaKey();
    await expectRefused(await post("/solana-signin", { ...body, publicKey: thief.address, signature: thief.sign(body.message) }), 401, "wrong_wallet");
  });

  it.each([
    ["six minutes old", -6 * 60_000],
    ["six minutes ahead", 6 * 60_000],
  ])("refuses a timestamp %s", async (_label, offset) => {
    const body = await signedSigninBody(app, newSolanaKey(), { timestamp: Date.now() + offset });
    await expectRefused(await post("/solana-signin", body), 401, "stale_message");
  });

  it.each([
    ["another domain (a phishing page relaying our sign-in)", { domain: "zpay-login.example" }],
    ["another URI", { uri: "https://zpay-login.example" }],
    ["our domain with another scheme", { uri: "https://localhost:4321" }],
    ["another cluster", { chainId: "solana:mainnet" }],
  ])("refuses a message signed for %s, and the nonce stays usable here", async (_label, override) => {
    const key = newSolanaKey();
    const relayed = await signedSigninBody(app, key, override);
    await expectRefused(await post("/solana-signin", relayed), 401, "wrong_site");
    const nonce = parseSigninMessage(relayed.message)!.nonce;
    const honest = await signedSigninBody(app, key, { nonce });
    expect((await post("/solana-signin", honest)).status).toBe(200);
  });

  it("refuses the same signed message a second time (replay), even sent twice at once", async () => {
    const body = await signedSigninBody(app, newSolanaKey());
    expect((await post("/solana-signin", body)).status).toBe(200);
    await expectRefused(await post("/solana-signin", body), 401, "nonce_used");

    const raced = await signedSigninBody(app, newSolanaKey());
    const statuses = (await Promise.all([post("/solana-signin", raced), post("/solana-signin", raced)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it("refuses a nonce the server never issued, and an expired one", async () => {
    const key = newSolanaKey();
    await expectRefused(await post("/solana-signin", await signedSigninBody(app, key, { nonce: "f".repeat(32) })), 401, "nonce_used");

    const late = await signedSigninBody(app, key);
    const { nonce } = parseSigninMessage(late.message)!;
    await database.db.update(signinNonces).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signinNonces.nonce, nonce));
    await expectRefused(await post("/solana-signin", late), 401, "nonce_expired");
  });

  it("keeps one merchant's nonce from another merchant", async () => {
    const first = newSolanaKey();
    const second = newSolanaKey();
    const { nonce } = await signinChallenge(app, first);
    await expectRefused(await post("/solana-signin", await signedSigninBody(app, second, { nonce })), 401, "nonce_used");
    expect((await post("/solana-signin", await signedSigninBody(app, first, { nonce }))).status).toBe(200);
  });

  it.each(["abc", "0OIl" + "1".repeat(40), "1".repeat(44), "11111111111111111111111111111112".replace("2", "0")])(
    "refuses the malformed public key %j",
    async (publicKey) => {
      const good = await signedSigninBody(app, newSolanaKey());
      await expectRefused(await post("/solana-signin", { ...good, publicKey }), 400, "invalid_public_key");
    },
  );

  it("refuses a message that is not ours or lacks a field, and malformed bodies with field issues", async () => {
    const key = newSolanaKey();
    const foreign = await post("/solana-signin", { publicKey: key.address, signature: key.sign("hello"), message: "hello" });
    await expectRefused(foreign, 400, "invalid_message");

    // SPEC's old bare message (prefix + timestamp), with no domain or nonce.
    const bare = `${SIGNIN_MESSAGE_PREFIX}${Date.now()}`;
    await expectRefused(await post("/solana-signin", { publicKey: key.address, signature: key.sign(bare), message: bare }), 400, "invalid_message");

    const good = await signedSigninBody(app, key);
    const noNonce = good.message.replace(/\nNonce: [0-9a-f]+/, "");
    await expectRefused(await post("/solana-signin", { ...good, message: noNonce, signature: key.sign(noNonce) }), 400, "invalid_message");

    const short = await post("/solana-signin", { ...good, signature: [1, 2, 3] });
    expect(short.status).toBe(400);
    expect((await short.json()).issues[0].path).toBe("signature");

    const badEmail = await post("/solana-signin", { ...good, email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    // None of these used the nonce up.
    expect((await post("/solana-signin", good)).status).toBe(200);
  });

  it("records the referrer when a new merchant arrives with a referral code", async () => {
    const referrer = await signInAs(newSolanaKey());
    const referee = await signInAs(newSolanaKey(), { referralCode: referrer.user.referralCode });
    const [row] = await database.db.select().from(users).where(eq(users.id, referee.user._id));
    expect(row.referredBy).toBe(referrer.user._id);
    const stranger = await signInAs(newSolanaKey(), { referralCode: "NOSUCHCD" });
    const [other] = await database.db.select().from(users).where(eq(users.id, stranger.user._id));
    expect(other.referredBy).toBeNull();
  });

  describe("sessions and terms", () => {
    // A merchant-only route, as every merchant route will be mounted.
    const guarded = () => {
      const probe = new Hono<AppEnv>();
      probe.onError(toErrorResponse);
      probe.use("*", async (c, next) => {
        c.set("log", testDeps(database).log);
        await next();
      });
      probe.use("/merchant", requireMerchant(database.db));
      probe.get("/merchant", (c) => c.json({ userId: c.var.user.id }));
      return (token?: string) => probe.request("/merchant", { headers: token ? { authorization: `Bearer ${token}` } : {} });
    };

    it("keeps a merchant who has not accepted the terms out of merchant routes until they do", async () => {
      const visit = guarded();
      const { user } = await signInAs(newSolanaKey());
      const before = await visit(user.token);
      expect(before.status).toBe(403);
      expect((await before.json()).code).toBe("terms_not_accepted");

      const accepted = await post("/accept-terms", {}, user.token);
      expect(accepted.status).toBe(200);
      expect((await accepted.json()).data.user.acceptedTerms).toBe(true);
      const after = await visit(user.token);
      expect(after.status).toBe(200);
      expect((await after.json()).userId).toBe(user._id);
    });

    it("answers 401 without a token, with a made-up token, and after sign-out", async () => {
      const visit = guarded();
      expect((await visit()).status).toBe(401);
      expect((await visit("made-up-token")).status).toBe(401);
      const { user } = await signInAs(newSolanaKey());
      await post("/accept-terms", {}, user.token);
      expect((await visit(user.token)).status).toBe(200);
      const out = await app.request("/api/signout", { headers: { authorization: `Bearer ${user.token}` } });
      expect(out.status).toBe(200);
      const revoked = await visit(user.token);
      expect(revoked.status).toBe(401);
      expect((await revoked.json()).message).toBe("Current logged-in session has expired, please login again");
    });

    it("answers 401 once a session is past validTill", async () => {
      const visit = guarded();
      const { user } = await signInAs(newSolanaKey());
      await post("/accept-terms", {}, user.token);
      await database.db.update(sessions).set({ validTill: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user._id));
      expect((await visit(user.token)).status).toBe(401);
    });

    it("keeps a second merchant's session and terms apart from the first's", async () => {
      const visit = guarded();
      const a = (await signInAs(newSolanaKey())).user;
      const b = (await signInAs(newSolanaKey())).user;
      await post("/accept-terms", {}, a.token);
      expect((await visit(a.token)).status).toBe(200);
      expect((await visit(b.token)).status).toBe(403); // A's acceptance is not B's
      expect((await (await visit(a.token)).json()).userId).toBe(a._id);
      await app.request("/api/signout", { headers: { authorization: `Bearer ${a.token}` } });
      expect((await visit(b.token)).status).toBe(403); // B's session survives A's sign-out
    });
  });
});

describe("sign-in rate limit", () => {
  it("answers 429 with Retry-After past the limit per client address", async () => {
    const database = await openTestDb("pglite");
    try {
      const app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "3", TRUST_PROXY: "true" }));
      const attempt = (ip: string) =>
        app.request("/api/solana-signin", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({}),
        });
      for (let i = 0; i < 3; i++) expect((await attempt("203.0.113.7")).status).toBe(400);
      const limited = await attempt("203.0.113.7");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.json()).code).toBe("rate_limited");
      expect((await attempt("198.51.100.9")).status).toBe(400); // another address is not limited
    } finally {
      await database.close();
    }
  });
});
