import { eq, sql } from "drizzle-orm";
import { ValidationError } from "yup";
import { LOGO_MAX_BYTES, PROFILE_MESSAGES, normaliseProfile, profileSchema, type MerchantBrand, type ProfileDto, type ProfileFormValues } from "@/lib/profile";
import { uploadUrl } from "@/lib/cart";
import type { Db } from "../../db/client";
import { uploads, users, type MerchantProfile, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { assertUploadQuota, sniffImageType, type UploadQuota } from "../catalog";
import { reencodeLogo } from "./reencode-logo";

export function toProfileDto(user: Pick<UserRow, "profile" | "billingCurrency">): ProfileDto {
  const p = user.profile;
  return {
    company: p.company ?? "",
    city: p.city ?? "",
    taxId: p.taxId ?? "",
    defaultInvoiceNotes: p.defaultInvoiceNotes ?? "",
    brandColor: p.brandColor ?? "",
    logoUrl: p.logoId ? uploadUrl(p.logoId) : null,
    billingCurrency: user.billingCurrency,
  };
}

/** What payers see of a merchant; every field null when the merchant has not set it. */
export function merchantBrand(profile: MerchantProfile): MerchantBrand {
  return { name: profile.company || null, logoUrl: profile.logoId ? uploadUrl(profile.logoId) : null, color: profile.brandColor || null };
}

/** Checks and normalises a profile body with the form's own schema (400 with every field's issue). */
export async function validateProfileBody(body: Partial<ProfileFormValues>): Promise<ProfileFormValues> {
  const values: ProfileFormValues = {
    company: body.company ?? "",
    city: body.city ?? "",
    taxId: body.taxId ?? "",
    defaultInvoiceNotes: body.defaultInvoiceNotes ?? "",
    brandColor: body.brandColor ?? "",
  };
  try {
    await profileSchema().validate(values, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    throw new ApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  return normaliseProfile(values);
}

/** Saves the text fields; the logo is kept (it changes only through the logo routes). */
export async function saveProfile(db: Db, user: Pick<UserRow, "id">, values: ProfileFormValues): Promise<UserRow> {
  const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "")) as MerchantProfile;
  // One statement, so a logo uploaded at the same moment is not overwritten by a stale copy.
  const [row] = await db
    .update(users)
    .set({ profile: sql`jsonb_strip_nulls(jsonb_build_object('logoId', ${users.profile}->'logoId')) || ${JSON.stringify(fields)}::jsonb` })
    .where(eq(users.id, user.id))
    .returning();
  return row;
}

/**
 * Stores a new logo: checked by its first bytes (the name and declared type are not trusted),
 * capped in size, re-encoded and resized, then made the merchant's logo.
 */
export async function saveLogo(db: Db, userId: string, bytes: Uint8Array, quota: UploadQuota): Promise<UserRow> {
  if (bytes.length > LOGO_MAX_BYTES) throw new ApiError(413, "payload_too_large", PROFILE_MESSAGES.logoTooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw new ApiError(415, "unsupported_media_type", PROFILE_MESSAGES.logoNotImage);
  let image: Buffer;
  try {
    image = await reencodeLogo(bytes, type);
  } catch {
    throw new ApiError(415, "unsupported_media_type", PROFILE_MESSAGES.logoNotImage);
  }
  return db.transaction(async (tx) => {
    await assertUploadQuota(tx, userId, image.length, quota);
    const [upload] = await tx
      .insert(uploads)
      .values({ userId, contentType: type, data: image.toString("base64"), byteLength: image.length })
      .returning({ id: uploads.id });
    const [row] = await tx
      .update(users)
      .set({ profile: sql`${users.profile} || ${JSON.stringify({ logoId: upload.id })}::jsonb` })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
}

export async function removeLogo(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ profile: sql`${users.profile} - 'logoId'` }).where(eq(users.id, userId)).returning();
  return row;
}
