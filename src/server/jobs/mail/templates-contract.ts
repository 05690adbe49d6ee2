/**
 * The e-mails the product sends and the data each needs. The mail job renders them (en, fr, with
 * a plain-text part); callers only enqueue (`enqueueEmail`).
 */
export interface MailTemplateData {
  /** zRequest: the payer the merchant named is asked to pay. */
  "collect-request": {
    /** The name the merchant chose (profile display name or verified address); may be empty. Never shown alone: always with `merchantWallet`. */
    merchantName: string;
    /** The merchant's wallet, shortened (A3nd…G5J4): what tells two merchants of the same name apart. Absent in mails queued before it existed. */
    merchantWallet?: string;
    /** The payer's one-click unsubscribe link (signed, no sign-in), added when the mail is queued. */
    unsubscribeUrl?: string;
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
  /** The operator (OPERATOR_EMAIL) is told a merchant asked for production access. Always in English. */
  "production-access-requested": {
    merchantId: string;
    /** The merchant's full wallet address (the operator looks it up). */
    merchantWallet: string;
    merchantEmail: string | null;
    /** ISO time of the request. */
    requestedAt: string;
    /** The admin page where requests are granted. */
    adminUrl: string;
  };
  /** The merchant is told an operator granted their production access: the "e-mail for next steps" the top bar promised. */
  "production-access-granted": {
    /** The app, where they sign in with the same wallet. */
    appUrl: string;
  };
}
export type MailTemplateName = keyof MailTemplateData;
