/**
 * The e-mails the product sends and the data each needs. The mail job renders them (en, fr, with
 * a plain-text part); callers only enqueue (`enqueueEmail`).
 */
export interface MailTemplateData {
  /** zRequest: the payer the merchant named is asked to pay. */
  "collect-request": {
    merchantName: string;
    payerName: string;
    /** Decimal text in `currency`. */
    amount: string;
    currency: string;
    message: string;
    payUrl: string;
    /** The merchant's logo (absolute URL) and brand colour (#rrggbb), when their profile has them. */
    brand?: { logoUrl?: string; color?: string };
  };
  /** zRequest reminder (`POST /api/trigger-email`): the same request, sent again. */
  "collect-reminder": MailTemplateData["collect-request"];
  /** The merchant proves they read the address notifications go to (`POST /api/request-email-verification`). */
  "email-verification": {
    verifyUrl: string;
    /** How long the link works. */
    expiresInHours: number;
  };
  /** The merchant is told of a payment (notifications on and the address verified). */
  "payment-notification": {
    /** paid: seen on chain; validated: final and complete. */
    event: "paid" | "validated";
    /** Decimal text in `currency` (base units formatted once, never a float). */
    amount: string;
    currency: string;
    /** The product type (quick-pay, collect, bill ...). */
    productType: string;
    orderId: string | null;
    /** The short id the payer's page shows. */
    publicId: string;
    /** The merchant's transactions page. */
    detailsUrl: string;
  };
}
export type MailTemplateName = keyof MailTemplateData;
