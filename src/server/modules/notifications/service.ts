import { and, eq, gt, isNull } from "drizzle-orm";
import { normaliseEmail, notificationSchema, type NotificationSettingsDto } from "@/lib/notifications";
import type { Db } from "../../db/client";
import { emailVerifications, notificationSettings, users } from "../../db/schema";
import { enqueueEmail } from "../../jobs/mail/enqueue";
import { hashToken, newSessionToken } from "../auth";

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** The merchant's notification settings as the API answers them. */
export async function readNotificationSettings(db: Db, userId: string): Promise<NotificationSettingsDto> {
  const [row] = await db
    .select({ email: users.email, enabled: notificationSettings.enabled, verifiedEmail: notificationSettings.verifiedEmail })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  const email = row?.email ?? null;
  return { notificationEnabled: row?.enabled ?? false, email, emailVerified: Boolean(email && row?.verifiedEmail === email) };
}

/**
 * Checks a save with the form's own schema (SPEC §5: notifications on without an address is
 * 'Email is required for notifications'). An empty address keeps the one on file, if any.
 * @returns the values to save, or the first error message.
 */
export async function validateNotificationSave(
  db: Db,
  userId: string,
  input: { notificationEnabled: boolean; email?: string | null },
): Promise<{ values: { enabled: boolean; email: string | null } } | { error: string; path: string }> {
  const current = await readNotificationSettings(db, userId);
  const email = input.email?.trim() ? input.email : (current.email ?? "");
  try {
    const checked = await notificationSchema().validate({ notificationEnabled: input.notificationEnabled, email });
    return { values: { enabled: checked.notificationEnabled, email: checked.email ? normaliseEmail(checked.email) : null } };
  } catch (err) {
    const e = err as { message: string; path?: string };
    return { error: e.message, path: e.path ?? "email" };
  }
}

/** Saves the choice and the address; a new address is unverified (verification is per address). */
export async function saveNotificationSettings(db: Db, userId: string, values: { enabled: boolean; email: string | null }, now = new Date()) {
  await db.transaction(async (tx) => {
    if (values.email) await tx.update(users).set({ email: values.email }).where(eq(users.id, userId));
    await tx
      .insert(notificationSettings)
      .values({ userId, enabled: values.enabled, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { enabled: values.enabled, updatedAt: now } });
  });
  return readNotificationSettings(db, userId);
}

export class NoEmailError extends Error {
  constructor() {
    super("Add an e-mail address first");
  }
}

/**
 * Sends a verification link for the merchant's current address (mail outbox, same transaction as
 * the token). Only the token's hash is stored; the link opens the Notifications settings on the
 * app origin, which posts the token back.
 * @throws NoEmailError when the merchant has no address.
 */
export async function requestEmailVerification(db: Db, userId: string, options: { appOrigin: string; language: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const { email } = await readNotificationSettings(db, userId);
  if (!email) throw new NoEmailError();
  const token = newSessionToken();
  const verifyUrl = new URL("/settings/notifications", options.appOrigin);
  verifyUrl.searchParams.set("verify", token);
  await db.transaction(async (tx) => {
    await tx.insert(emailVerifications).values({
      userId,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
      createdAt: now,
    });
    await enqueueEmail(tx, {
      userId,
      to: email,
      template: "email-verification",
      language: options.language,
      data: { verifyUrl: verifyUrl.href, expiresInHours: EMAIL_VERIFICATION_TTL_HOURS },
    });
  });
}

/**
 * Uses a verification token: it must be the signed-in merchant's, unused, unexpired, and for the
 * address still on file. Used at most once (the update claims it). Answers false otherwise,
 * without saying which rule failed.
 */
export async function verifyEmail(db: Db, userId: string, token: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          eq(emailVerifications.userId, userId),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) return false;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user?.email !== claimed.email) return false;
    await tx
      .insert(notificationSettings)
      .values({ userId, verifiedEmail: claimed.email, verifiedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { verifiedEmail: claimed.email, verifiedAt: now, updatedAt: now } });
    return true;
  });
}
