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
}
export type MailTemplateName = keyof MailTemplateData;
