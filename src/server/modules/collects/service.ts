import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { ValidationError } from "yup";
import { COLLECT_MESSAGES, REMINDER_INTERVAL_MS, collectCurrencies, collectSchema, toCollectInput, type CollectInput } from "@/lib/collect";
import { shortenAddress } from "@/lib/address";
import { isUuid } from "@/lib/uuid";
import { hostedPayLink } from "@/lib/zlink";
import type { Db } from "../../db/client";
import { collects, type CollectRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { enqueueMerchantMail, hasVerifiedEmail, RecipientUnsubscribed, type MailCapSettings } from "../../jobs/mail/merchant-mail";
import { optedOutAmong } from "../../jobs/mail/opt-outs";
import { mailDeliveryTrouble } from "../../jobs/mail/delivery-health";
import type { Env } from "../../env";
import type { CollectMailOutcome } from "@/lib/collect-mail";
import { newHashedId, registerPayableLink } from "../../payments/payable-links";
import { merchantBrand } from "../profile";
import { mailRefusal } from "./mail-refusals";
import { UNCHANGED, queuedOutcome, refusedOutcome } from "./mail-outcome";

/** The raw fields a create or update carries (price may come as a JSON number). */
export interface CollectBody {
  name?: string;
  email?: string;
  desc?: string;
  site?: string | null;
  price?: string | number;
  currency?: string;
}

type Merchant = Pick<UserRow, "id" | "billingCurrency" | "language" | "email" | "publicKey"> & Partial<Pick<UserRow, "profile">>;

/**
 * Checks a body with the form's own schema (SPEC §5) and normalises it.
 * @throws {ApiError} 400 with one issue per field (`amount_too_small` when the amount is under 0.1).
 */
export async function validateCollectBody(body: CollectBody, options: { currencies: readonly string[]; exampleHost: string }): Promise<CollectInput> {
  const values = {
    name: body.name ?? "",
    email: body.email ?? "",
    desc: body.desc ?? "",
    site: body.site ?? "",
    price: body.price === undefined ? "" : String(body.price),
    currency: body.currency ?? "",
  };
  try {
    await collectSchema({ currencies: options.currencies, exampleHost: options.exampleHost }).validate(values, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    const tooSmall = issues.length === 1 && issues[0].message === COLLECT_MESSAGES.amountMinimum;
    throw new ApiError(400, tooSmall ? "amount_too_small" : "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  return toCollectInput(values);
}

/** Currencies a merchant may price in now (plus, on update, the request's own). */
export function allowedCurrencies(user: Pick<UserRow, "billingCurrency">, existing?: string): string[] {
  const list = collectCurrencies(user.billingCurrency);
  return existing && !list.includes(existing) ? [...list, existing] : list;
}

/** The merchant's zRequests, newest first. */
export async function listCollects(db: Db, userId: string): Promise<CollectRow[]> {
  return db.select().from(collects).where(eq(collects.userId, userId)).orderBy(desc(collects.createdAt), desc(collects.id));
}

/**
 * One of the merchant's zRequests by internal id; another merchant's, or an id that is not one,
 * answers the same 404.
 * @throws {ApiError} 404.
 */
export async function findOwnCollect(db: Db, userId: string, id: string): Promise<CollectRow> {
  const [row] = isUuid(id) ? await db.select().from(collects).where(and(eq(collects.id, id), eq(collects.userId, userId))) : [];
  if (!row) throw new ApiError(404, "not_found", "zRequest not found");
  return row;
}

/** A zRequest's edit key (`_key`): changes on every save, so a stale edit or disable is refused. */
export function editKey(row: Pick<CollectRow, "version">): string {
  return String(row.version);
}

/** @throws {ApiError} 409 when the request is disabled or paid, or `key` is stale. */
export function assertOpen(row: CollectRow, paid: boolean, key?: string): void {
  if (!row.enabled) throw new ApiError(409, "collect_disabled", "This zRequest is disabled and can no longer be changed");
  if (paid) throw new ApiError(409, "collect_paid", "This zRequest has a payment and can no longer be changed");
  if (key !== undefined && key !== editKey(row)) throw new ApiError(409, "stale_key", "This zRequest was changed elsewhere. Reload it and try again");
}

const storedFields = (input: CollectInput, user: Pick<UserRow, "billingCurrency">) => ({
  name: input.name,
  email: input.email,
  description: input.desc,
  site: input.site,
  price: input.price,
  currency: input.currency,
  useFiat: input.useFiat,
  priceBaseUnits: input.priceBaseUnits,
  userCurrency: user.billingCurrency,
});

/**
 * The name the payer's e-mail gives the merchant: their profile's display name, else their e-mail
 * address once verified, else nothing (the mail then names their wallet alone). The mail always
 * adds their shortened wallet, so a chosen name is never all that identifies them.
 */
export function merchantName(user: Partial<Pick<UserRow, "profile">>, verifiedEmail: string | null): string {
  return user.profile?.company?.trim() || verifiedEmail?.trim() || "";
}

/** Where the merchant's mails go out from: the caps, the payments origin their links point to, and the server's mail settings. */
export interface CollectMailPolicy {
  caps: MailCapSettings;
  payOrigin: string;
  env: Pick<Env, "SMTP_URL" | "ZPAY_MODE">;
}

/** The merchant's logo (an absolute URL on the payments origin: mail clients need one) and colour, when set. */
function mailBrand(user: Partial<Pick<UserRow, "profile">>, payOrigin: string): { logoUrl?: string; color?: string } | undefined {
  const brand = merchantBrand(user.profile ?? {});
  if (!brand.logoUrl && !brand.color) return undefined;
  return { ...(brand.logoUrl ? { logoUrl: new URL(brand.logoUrl, payOrigin).href } : {}), ...(brand.color ? { color: brand.color } : {}) };
}

/** Queues the payer's mail through the merchant-mail checks: @throws {MailCapReached} {RecipientUnsubscribed} as `enqueueMerchantMail`. */
async function enqueueRequestMail(
  tx: Db,
  user: Merchant,
  row: CollectRow,
  mail: CollectMailPolicy,
  template: "collect-request" | "collect-reminder",
): Promise<void> {
  const verified = (await hasVerifiedEmail(tx, user.id)) ? user.email : null;
  const brand = mailBrand(user, mail.payOrigin);
  await enqueueMerchantMail(
    tx,
    {
      userId: user.id,
      to: row.email,
      template,
      language: user.language,
      data: {
        merchantName: merchantName(user, verified),
        merchantWallet: shortenAddress(user.publicKey),
        ...(brand ? { brand } : {}),
        payerName: row.name,
        amount: row.price,
        currency: row.currency,
        message: row.description,
        payUrl: hostedPayLink(mail.payOrigin, row.hashedId),
      },
    },
    mail,
  );
}

/** Which of the merchant's payers (by address) unsubscribed from their mail: what the zRequest list shows. */
export async function unsubscribedPayers(db: Db, userId: string, rows: readonly Pick<CollectRow, "email">[]): Promise<Set<string>> {
  return optedOutAmong(db, userId, rows.map((r) => r.email));
}

/**
 * Creates a zRequest: the row, its public id in the payable registry and the payer's e-mail in
 * the outbox, in one transaction (all three or none).
 */
export async function createCollect(db: Db, user: Merchant, input: CollectInput, mail: CollectMailPolicy): Promise<CollectRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collects)
      .values({ ...storedFields(input, user), userId: user.id, hashedId: newHashedId(), lastEmailedAt: sql`now()`, lastEmailKind: "request" })
      .returning();
    await registerPayableLink(tx, { hashedId: row.hashedId, productType: "collect", productId: row.id, userId: user.id });
    return (await mailOrMarkUnsent(tx, user, row, mail)) ?? row;
  });
}

/**
 * Sends the request to the payer; when the payer unsubscribed from this merchant, the zRequest is
 * kept (its link still works, the merchant shares it) with no e-mail date, and the list shows why.
 */
async function mailOrMarkUnsent(tx: Db, user: Merchant, row: CollectRow, mail: CollectMailPolicy): Promise<CollectRow | undefined> {
  try {
    await enqueueRequestMail(tx, user, row, mail, "collect-request");
    return undefined;
  } catch (err) {
    if (!(err instanceof RecipientUnsubscribed)) mailRefusal(err); // a cap: 429, nothing created
    const [unsent] = await tx.update(collects).set({ lastEmailedAt: null, lastEmailKind: null }).where(eq(collects.id, row.id)).returning();
    return unsent;
  }
}

/** Whether an edit changes what the payer's e-mail told them: the amount, its currency or where it went. */
export function changesPayerMail(row: Pick<CollectRow, "email" | "price" | "currency">, input: Pick<CollectInput, "email" | "price" | "currency">): boolean {
  return input.email.toLowerCase() !== row.email.toLowerCase() || input.price !== row.price || input.currency !== row.currency;
}

/**
 * Saves new fields on an open zRequest (same public id and link). When the amount, currency or
 * payer address changed, the payer is sent the request again with the new details (the old mail
 * would ask for another amount than the link charges, or went to someone else). A mail that can't
 * go out (payer unsubscribed, a mail cap, the mail server off or failing) does not stop the save:
 * the answer says it was not sent and why, so the merchant can tell the payer another way.
 * @throws {ApiError} 409 disabled, paid or stale `key`.
 */
export async function updateCollect(
  db: Db,
  user: Merchant,
  row: CollectRow,
  paid: boolean,
  input: CollectInput,
  mail: CollectMailPolicy,
  key?: string,
): Promise<{ row: CollectRow; mail: CollectMailOutcome }> {
  assertOpen(row, paid, key);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(collects)
      .set({ ...storedFields(input, user), version: sql`${collects.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(collects.id, row.id), eq(collects.userId, user.id), eq(collects.enabled, true), eq(collects.version, row.version)))
      .returning();
    if (!updated) throw new ApiError(409, "stale_key", "This zRequest was changed elsewhere. Reload it and try again");
    if (!changesPayerMail(row, input)) return { row: updated, mail: UNCHANGED };
    try {
      await enqueueRequestMail(tx, user, updated, mail, "collect-request");
    } catch (err) {
      const outcome = refusedOutcome(updated.email, err);
      // A new address that gets nothing was never e-mailed; the old address's date is not its.
      const emailChanged = input.email.toLowerCase() !== row.email.toLowerCase();
      if (!emailChanged) return { row: updated, mail: outcome };
      const [unsent] = await tx.update(collects).set({ lastEmailedAt: null, lastEmailKind: null }).where(eq(collects.id, row.id)).returning();
      return { row: unsent, mail: outcome };
    }
    const [mailed] = await tx.update(collects).set({ lastEmailedAt: sql`now()`, lastEmailKind: "request" }).where(eq(collects.id, row.id)).returning();
    return { row: mailed, mail: queuedOutcome(mailed.email, await mailDeliveryTrouble(tx, mail.env)) };
  });
}

/**
 * Disables a zRequest for good: its pay link stops working.
 * @throws {ApiError} 409 already disabled or stale `key`.
 */
export async function disableCollect(db: Db, userId: string, row: CollectRow, key: string): Promise<CollectRow> {
  if (!row.enabled) throw new ApiError(409, "collect_disabled", "This zRequest is disabled and can no longer be changed");
  if (key !== editKey(row)) throw new ApiError(409, "stale_key", "This zRequest was changed elsewhere. Reload it and try again");
  const [updated] = await db
    .update(collects)
    .set({ enabled: false, disabledAt: sql`now()`, updatedAt: sql`now()`, version: sql`${collects.version} + 1` })
    .where(and(eq(collects.id, row.id), eq(collects.userId, userId), eq(collects.enabled, true), eq(collects.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", "This zRequest was changed elsewhere. Reload it and try again");
  return updated;
}

/**
 * The throttle's refusal, naming the mail that holds it: the request itself (just created, or
 * re-sent after an edit) or an earlier reminder. A merchant who sent no reminder is not told one was.
 */
function tooSoon(row: Pick<CollectRow, "lastEmailKind">): ApiError {
  if (row.lastEmailKind === "reminder") return new ApiError(429, "reminder_too_soon", "A reminder was sent less than a minute ago. Please wait a moment");
  return new ApiError(429, "request_mail_too_soon", "The request e-mail was sent less than a minute ago. Please wait a moment before sending a reminder");
}

/**
 * Sends the payer a reminder: refused for a disabled or paid request, and at most once per
 * `REMINDER_INTERVAL_MS` per request (429), measured on the database clock. The claim of the slot
 * and the outbox row commit together.
 */
export async function sendReminder(
  db: Db,
  user: Merchant,
  row: CollectRow,
  paid: boolean,
  mail: CollectMailPolicy,
): Promise<{ row: CollectRow; mail: CollectMailOutcome }> {
  if (!row.enabled) throw new ApiError(409, "collect_disabled", "This zRequest is disabled: no reminder can be sent");
  if (paid) throw new ApiError(409, "collect_paid", "This zRequest is already paid");
  return db.transaction(async (tx) => {
    const interval = sql`now() - ${sql.raw(`interval '${Math.round(REMINDER_INTERVAL_MS / 1000)} seconds'`)}`;
    const [claimed] = await tx
      .update(collects)
      .set({ lastEmailedAt: sql`now()`, lastEmailKind: "reminder" })
      .where(
        and(
          eq(collects.id, row.id),
          eq(collects.userId, user.id),
          eq(collects.enabled, true),
          or(isNull(collects.lastEmailedAt), lte(collects.lastEmailedAt, interval)),
        ),
      )
      .returning();
    if (!claimed) throw tooSoon(row);
    await enqueueRequestMail(tx, user, claimed, mail, "collect-reminder").catch(mailRefusal);
    return { row: claimed, mail: queuedOutcome(claimed.email, await mailDeliveryTrouble(tx, mail.env)) };
  });
}
