import * as yup from "yup";

/**
 * Notification settings (SPEC §4 Notifications, §5 "Profile and notification save"): the form's
 * schema (the server checks the same one), the messages and the DTO both sides agree on.
 */

/** SPEC §5 texts (English); the form passes translated ones, the server uses these. */
export const NOTIFICATION_MESSAGES = {
  emailRequired: "Email is required for notifications",
  emailInvalid: "Invalid email address",
} as const;
export type NotificationMessages = Record<keyof typeof NOTIFICATION_MESSAGES, string>;

/** Longest address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** `GET`/`POST /api/profile/notification`. */
export interface NotificationSettingsDto {
  notificationEnabled: boolean;
  /** The merchant's address; null when none. */
  email: string | null;
  /** True while `email` is the address a verification link proved; mails only go out then. */
  emailVerified: boolean;
}

export interface NotificationForm {
  notificationEnabled: boolean;
  email: string;
}

/** The form's rules: an address is optional unless notifications are on; when given, it must be valid. */
export function notificationSchema(messages: NotificationMessages = NOTIFICATION_MESSAGES) {
  return yup.object({
    notificationEnabled: yup.boolean().required(),
    email: yup
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, messages.emailInvalid)
      .email(messages.emailInvalid)
      .default("")
      .when("notificationEnabled", {
        is: true,
        then: (s) => s.required(messages.emailRequired),
      }),
  });
}

/** The address as stored: trimmed; the domain is compared without case (the local part keeps it). */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf("@");
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}
