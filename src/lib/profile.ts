import * as yup from "yup";

/**
 * The merchant profile (display name, address line, tax id, invoice notes, brand colour, logo):
 * the form's validation schema (used again by the server), the DTO both sides agree on, and the
 * logo rules the upload enforces.
 */

/** Caps the server enforces (the form too, so the merchant sees why). */
export const PROFILE_LIMITS = { company: 100, city: 100, taxId: 50, defaultInvoiceNotes: 1000 } as const;

/** The logo: jpeg or png, at most this many bytes as uploaded; stored re-encoded within LOGO_MAX_SIDE px. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIDE = 512;
export const LOGO_TYPES = ["image/jpeg", "image/png"] as const;

/** A brand colour is a 6-digit hex colour (`#1a2b3c`), the only form a colour input yields. */
export const BRAND_COLOR = /^#[0-9a-fA-F]{6}$/;

/** English texts; the form passes translated ones, the server answers these. */
export const PROFILE_MESSAGES = {
  companyTooLong: "The display name can be at most 100 characters",
  cityTooLong: "The city can be at most 100 characters",
  taxIdTooLong: "The tax id can be at most 50 characters",
  notesTooLong: "The invoice notes can be at most 1000 characters",
  colorInvalid: "Choose a colour like #1a2b3c",
  logoTooLarge: "The logo is larger than 2 MB.",
  logoNotImage: "Upload a JPEG or PNG image.",
  billingUpdated: "Billing currency updated to {currency}",
  billingFailed: "Failed to update billing currency.",
} as const;
export type ProfileMessages = Record<keyof typeof PROFILE_MESSAGES, string>;

/** What the form holds and `PUT /api/profile` takes: all text, empty meaning "not set". */
export interface ProfileFormValues {
  company: string;
  city: string;
  taxId: string;
  defaultInvoiceNotes: string;
  brandColor: string;
}

/** `GET /api/profile`: the form's fields plus the logo's address and the billing currency. */
export interface ProfileDto extends ProfileFormValues {
  /** Path of the logo on the app and payments origins, or null without one. */
  logoUrl: string | null;
  billingCurrency: string;
}

/** What a payer sees of the merchant (pay page, invoice, e-mails): empty fields dropped. */
export interface MerchantBrand {
  name: string | null;
  logoUrl: string | null;
  color: string | null;
}

export function profileSchema(messages: ProfileMessages = PROFILE_MESSAGES) {
  return yup.object({
    company: yup.string().trim().default("").max(PROFILE_LIMITS.company, messages.companyTooLong),
    city: yup.string().trim().default("").max(PROFILE_LIMITS.city, messages.cityTooLong),
    taxId: yup.string().trim().default("").max(PROFILE_LIMITS.taxId, messages.taxIdTooLong),
    defaultInvoiceNotes: yup.string().trim().default("").max(PROFILE_LIMITS.defaultInvoiceNotes, messages.notesTooLong),
    brandColor: yup
      .string()
      .trim()
      .default("")
      .test("colour", messages.colorInvalid, (v) => !v || BRAND_COLOR.test(v)),
  });
}

/** Trimmed values with the colour lower-cased, as stored. */
export function normaliseProfile(values: ProfileFormValues): ProfileFormValues {
  return {
    company: values.company.trim(),
    city: values.city.trim(),
    taxId: values.taxId.trim(),
    defaultInvoiceNotes: values.defaultInvoiceNotes.trim(),
    brandColor: values.brandColor.trim().toLowerCase(),
  };
}

export function billingUpdatedText(currency: string, template: string = PROFILE_MESSAGES.billingUpdated): string {
  return template.replace("{currency}", currency);
}
