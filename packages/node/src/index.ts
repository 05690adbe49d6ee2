export { Zpay, type ZpayOptions, type CreateOptions, type CreatedPayment } from "./client.ts";
export { verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, type HeaderSource, type VerifyOptions } from "./webhook.ts";
export {
  createWebhookVerifier,
  memorySeenStore,
  DEDUPE_TTL_SECONDS,
  type SeenStore,
  type VerifiedWebhook,
  type WebhookVerifier,
  type WebhookVerifierOptions,
} from "./webhook-dedupe.ts";
export { ZpayError, WebhookVerificationError, type ZpayIssue } from "./errors.ts";
export type { CreatePayment, ListPayments, Payment, PaymentPage, PaymentStatus, WebhookEvent } from "./types.ts";
