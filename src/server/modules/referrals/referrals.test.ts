import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { signedSigninBody, signInMerchant } from "../../testing/merchants";
import { newSolanaKey } from "../../testing/solana-keys";

describe.each(TEST_BACKENDS)("referrals on %s", (kind) => {
  const suite = appSuite(kind);

  const call = (method: string, path: string, auth?: Record<string, string>) => suite.app.request(`/api${path}`, { method, headers: auth ?? {} });
  const codeOf = async (id: string) => (await suite.db.select({ code: users.referralCode }).from(users).where(eq(users.id, id)))[0].code;

  /** A merchant signing up through the sign-in call with `referralCode`, their e-mail set, created `minutesAgo`. */
  async function signUpReferred(referralCode: string, email: string | null, minutesAgo: number) {
    const key = newSolanaKey();
    const res = await suite.app.request("/api/solana-signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...(await signedSigninBody(suite.app, key)), referralCode }),
    });
    expect(res.status).toBe(200);
    const id = (await res.json()).data.user._id as string;
    await suite.db
      .update(users)
      .set({ email, createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
      .where(eq(users.id, id));
    return id;
  }

  it("lists the merchants who signed up with your code, newest first, with only their e-mail's local part", async () => {
    const referrer = await signInMerchant(suite.app);
    const code = await codeOf(referrer.id);
    await signUpReferred(code, "older.one@example.com", 60);
    await signUpReferred(code, "newest+shop@example.org", 5);
    await signUpReferred(code, null, 30);

    for (const [method, path] of [["GET", "/v1/referrals"], ["POST", "/v1/referrals/getAllReferrals"]] as const) {
      const res = await call(method, path, referrer.auth);
      expect(res.status).toBe(200);
      const { referrals } = (await res.json()).data as { referrals: { createdAt: string; refereeInfo: { email: string | null } }[] };
      expect(referrals.map((r) => r.refereeInfo.email)).toEqual(["newest+shop", null, "older.one"]);
      expect(JSON.stringify(referrals)).not.toContain("example");
      const times = referrals.map((r) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(Object.keys(referrals[0]).sort()).toEqual(["createdAt", "refereeInfo"]);
    }
  });

  it("shows a second merchant only their own referrals (none), not the first one's", async () => {
    const first = await signInMerchant(suite.app);
    await signUpReferred(await codeOf(first.id), "friend@example.com", 1);
    const second = await signInMerchant(suite.app);
    const res = await call("GET", "/v1/referrals", second.auth);
    expect(res.status).toBe(200);
    expect((await res.json()).data.referrals).toEqual([]);
    const firstRes = await call("GET", "/v1/referrals", first.auth);
    expect((await firstRes.json()).data.referrals).toHaveLength(1);
  });

  it("an unknown referral code refers nobody", async () => {
    const before = await signInMerchant(suite.app);
    await signUpReferred("NOSUCHCD", "lost@example.com", 1);
    expect((await (await call("GET", "/v1/referrals", before.auth)).json()).data.referrals).toEqual([]);
  });

  it("addMissingReferralCodes answers the merchant's own code and adds nothing", async () => {
    const m = await signInMerchant(suite.app);
    const res = await call("POST", "/v1/referrals/addMissingReferralCodes", m.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { referralCode: await codeOf(m.id), added: 0 } });
  });

  it.each([
    ["GET", "/v1/referrals"],
    ["POST", "/v1/referrals/getAllReferrals"],
    ["POST", "/v1/referrals/addMissingReferralCodes"],
  ])("refuses %s %s without a session (401) or with an unknown token (401)", async (method, path) => {
    const none = await call(method, path);
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe("Sign in to continue");
    const forged = await call(method, path, { authorization: "Bearer not-a-session" });
    expect(forged.status).toBe(401);
    expect((await forged.json()).message).toBe("Current logged-in session has expired, please login again");
  });

  it("refuses a merchant who has not accepted the terms (403)", async () => {
    const m = await signInMerchant(suite.app, { acceptTerms: false });
    const res = await call("GET", "/v1/referrals", m.auth);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("terms_not_accepted");
  });
});
