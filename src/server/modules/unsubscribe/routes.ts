import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { shortenAddress } from "@/lib/address";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { optOut } from "../../jobs/mail/opt-outs";
import { readUnsubscribeToken, type UnsubscribeSubject } from "../../jobs/mail/unsubscribe-token";
import { confirmPage, donePage, invalidPage, pageLanguage } from "./page";

/** How the page names the merchant: as the mails do, their chosen name with their wallet. */
async function merchantLabel(db: Db, merchantId: string): Promise<string | undefined> {
  const [row] = await db.select({ publicKey: users.publicKey, profile: users.profile }).from(users).where(eq(users.id, merchantId));
  if (!row) return undefined;
  const wallet = shortenAddress(row.publicKey);
  const company = row.profile?.company?.trim();
  return company ? `${company} (${wallet})` : wallet;
}

/**
 * `/unsubscribe?t={token}` on the payments origin, the link every merchant mail carries (in its
 * body and its List-Unsubscribe header). No sign-in: the signed token is the proof. GET shows a
 * confirm page and changes nothing (mail scanners follow links); POST unsubscribes — the
 * RFC 8058 one-click POST (`List-Unsubscribe=One-Click`) from this merchant, the page's second
 * button from every merchant of this instance.
 */
export function unsubscribeRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const brand = deps.env.BRAND_NAME;
  const resolve = async (token: string | undefined): Promise<(UnsubscribeSubject & { merchant: string }) | undefined> => {
    const subject = token ? await readUnsubscribeToken(db, token) : undefined;
    const merchant = subject ? await merchantLabel(db, subject.merchantId) : undefined;
    return subject && merchant ? { ...subject, merchant } : undefined;
  };
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  return new Hono<AppEnv>()
    .get("/unsubscribe", async (c) => {
      const language = pageLanguage(c.req.header("accept-language"));
      const token = c.req.query("t");
      const found = await resolve(token);
      if (!found) return c.html(invalidPage(language), 400, headers);
      const action = `/unsubscribe?t=${encodeURIComponent(token!)}`;
      return c.html(confirmPage(language, { merchant: found.merchant, email: found.email, brand, action }), 200, headers);
    })
    .post("/unsubscribe", async (c) => {
      const language = pageLanguage(c.req.header("accept-language"));
      const found = await resolve(c.req.query("t"));
      if (!found) return c.html(invalidPage(language), 400, headers);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const all = form.scope === "all";
      await optOut(db, found.email, all ? null : found.merchantId);
      c.var.log.info({ merchantId: found.merchantId, all }, "a payer unsubscribed");
      return c.html(donePage(language, { merchant: found.merchant, brand, all }), 200, headers);
    });
}
