import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Permission } from "@/lib/permissions";
import type { Db } from "../db/client";
import { merchantIntegrations, users } from "../db/schema";
import { buildSigninMessage, signinFields, type SigninChallenge } from "@/lib/signin-message";
import { newSolanaKey, type TestSolanaKey } from "./solana-keys";

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

const postJson = (app: App, path: string, body: unknown) =>
  app.request(`/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A nonce challenge from the app for `key`, as the sign-in screen asks for one. */
export async function signinChallenge(app: App, key: TestSolanaKey): Promise<SigninChallenge> {
  const res = await postJson(app, "/auth/nonce", { publicKey: key.address });
  if (res.status !== 200) throw new Error(`nonce failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: SigninChallenge }).data;
}

/** A `POST /api/solana-signin` body: a fresh challenge signed by `key` (fields overridable to forge one). */
export async function signedSigninBody(app: App, key: TestSolanaKey, override: Partial<SigninChallenge & { timestamp: number }> = {}) {
  const challenge = { ...(await signinChallenge(app, key)), ...override };
  const message = buildSigninMessage(signinFields(challenge, key.address, override.timestamp ?? Date.now()));
  return { publicKey: key.address, message, signature: key.sign(message) };
}

/** Signs a fresh merchant (or the one holding `key`) in through the API, and accepts the terms unless told not to. */
export async function signInMerchant(app: App, options: { acceptTerms?: boolean; key?: TestSolanaKey } = {}) {
  const key = options.key ?? newSolanaKey();
  const res = await postJson(app, "/solana-signin", await signedSigninBody(app, key));
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()).data as { user: { _id: string; token: string } };
  if (options.acceptTerms !== false) {
    await app.request("/api/accept-terms", { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
  }
  return { id: user._id, token: user.token, key, auth: { authorization: `Bearer ${user.token}` } };
}

/** A merchant row straight in the database (no sign-in), optionally with a webhook endpoint; answers its id. */
export async function insertMerchant(db: Db, integration?: { apiHook: string; secret?: string }): Promise<string> {
  const [u] = await db
    .insert(users)
    .values({
      publicKey: randomBytes(16).toString("hex"),
      referralCode: randomBytes(5).toString("hex"),
      settings: { isOnboarded: true, permissions: [], rampOnly: false, isNonCustodial: false, version: 1, restrictUserToChains: [] },
    })
    .returning();
  if (integration) await db.insert(merchantIntegrations).values({ userId: u.id, secret: integration.secret ?? "whsec_dGVzdA==", apiHook: integration.apiHook });
  return u.id;
}

/** Grants `permission` to a merchant, as an operator does (`npm run admin`). */
export async function grantPermission(db: Db, userId: string, permission: Permission): Promise<void> {
  await db
    .update(users)
    .set({ settings: sql`jsonb_set(${users.settings}, '{permissions}', (${users.settings}->'permissions') || ${JSON.stringify([permission])}::jsonb)` })
    .where(eq(users.id, userId));
}
