import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emails, notificationSettings, users } from "../../db/schema";
import type { Env } from "../../env";
import { enqueueEmail } from "./enqueue";
import { hasOptedOut, normaliseAddress } from "./opt-outs";
import type { MailTemplateData } from "./templates-contract";
import { signUnsubscribeToken } from "./unsubscribe-token";

/**
 * The mails a merchant makes this server send to someone else. Each is capped (per merchant per
 * hour and per day, per recipient address per day), carries an unsubscribe link, and is not sent
 * to an address that used it. Mails to the merchant themself (notifications, verification) are not these.
 */
export const MERCHANT_MAIL_TEMPLATES = ["collect-request", "collect-reminder"] as const;
export type MerchantMailTemplate = (typeof MERCHANT_MAIL_TEMPLATES)[number];

export interface MailCaps {
  hourly: number;
  daily: number;
  /** Mails to one address a day. */
  recipientDaily: number;
}

/** Verified: the merchant's address is the one a verification link proved. Everyone else: `unverified`. */
export interface MailCapSettings {
  verified: MailCaps;
  unverified: MailCaps;
}

export function mailCapsFrom(env: Env): MailCapSettings {
  return {
    verified: { hourly: env.MAIL_MERCHANT_HOURLY_CAP, daily: env.MAIL_MERCHANT_DAILY_CAP, recipientDaily: env.MAIL_RECIPIENT_DAILY_CAP },
    unverified: { hourly: env.MAIL_UNVERIFIED_HOURLY_CAP, daily: env.MAIL_UNVERIFIED_DAILY_CAP, recipientDaily: env.MAIL_UNVERIFIED_RECIPIENT_DAILY_CAP },
  };
}

export type MailCapScope = "merchant_hour" | "merchant_day" | "recipient_day";

/** A cap is reached: nothing was queued; a slot frees in `retryAfterSeconds`. */
export class MailCapReached extends Error {
  constructor(
    readonly scope: MailCapScope,
    readonly cap: number,
    readonly retryAfterSeconds: number,
    readonly verified: boolean,
  ) {
    super(`mail cap ${scope} (${cap}) reached`);
    this.name = "MailCapReached";
  }
}

/** The recipient used an unsubscribe link for this merchant (or for every merchant): nothing was queued. */
export class RecipientUnsubscribed extends Error {
  constructor(readonly email: string) {
    super("the recipient unsubscribed");
    this.name = "RecipientUnsubscribed";
  }
}

/** Whether the merchant's current e-mail address is the one a verification link proved. */
export async function hasVerifiedEmail(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ email: users.email, verified: notificationSettings.verifiedEmail })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  return !!row?.email && !!row.verified && normaliseAddress(row.email) === normaliseAddress(row.verified);
}

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/**
 * Seconds until a slot frees when the last `cap` counted mails fill the window, else undefined.
 * Counted on the database clock, from the outbox itself (every process sees the same rows).
 */
async function capWait(tx: Pick<Db, "select">, userId: string, windowS: number, cap: number, to?: string): Promise<number | undefined> {
  const window = sql.raw(`interval '${windowS} seconds'`);
  const [row] = await tx
    .select({ wait: sql<number>`ceil(extract(epoch from (${emails.createdAt} + ${window} - now())))::int` })
    .from(emails)
    .where(
      and(
        eq(emails.userId, userId),
        inArray(emails.template, [...MERCHANT_MAIL_TEMPLATES]),
        sql`${emails.createdAt} > now() - ${window}`,
        to === undefined ? undefined : sql`lower(${emails.to}) = ${to}`,
      ),
    )
    .orderBy(desc(emails.createdAt))
    .offset(cap - 1)
    .limit(1);
  return row ? Math.max(1, Number(row.wait)) : undefined;
}

/**
 * Queues a merchant's mail to someone else, in the caller's transaction, after its checks:
 * @throws {RecipientUnsubscribed} the address opted out of this merchant's (or every merchant's) mail.
 * @throws {MailCapReached} a cap is reached (the strictest wait is reported first: the day before the hour).
 * The merchant's mails are counted under a transaction-scoped lock on the merchant, so two
 * requests at once cannot both take the last slot.
 */
export async function enqueueMerchantMail<T extends MerchantMailTemplate>(
  tx: Pick<Db, "insert" | "execute" | "select">,
  mail: { userId: string; to: string; template: T; language: string; data: Omit<MailTemplateData[T], "unsubscribeUrl"> },
  policy: { caps: MailCapSettings; payOrigin: string },
): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`merchant-mail:${mail.userId}`}, 0))`);
  const to = normaliseAddress(mail.to);
  if (await hasOptedOut(tx, mail.userId, to)) throw new RecipientUnsubscribed(to);
  const verified = await hasVerifiedEmail(tx, mail.userId);
  const caps = verified ? policy.caps.verified : policy.caps.unverified;
  const checks: [MailCapScope, number, number, string?][] = [
    ["recipient_day", DAY_S, caps.recipientDaily, to],
    ["merchant_day", DAY_S, caps.daily],
    ["merchant_hour", HOUR_S, caps.hourly],
  ];
  for (const [scope, windowS, cap, recipient] of checks) {
    const wait = await capWait(tx, mail.userId, windowS, cap, recipient);
    if (wait !== undefined) throw new MailCapReached(scope, cap, wait, verified);
  }
  const token = await signUnsubscribeToken(tx, { merchantId: mail.userId, email: to });
  const unsubscribeUrl = new URL(`/unsubscribe?t=${token}`, policy.payOrigin).href;
  return enqueueEmail(tx, { ...mail, data: { ...mail.data, unsubscribeUrl } as MailTemplateData[T] });
}
