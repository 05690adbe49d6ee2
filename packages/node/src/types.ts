/**
 * The zAPI's shapes as a server sees them on the wire. Kept free of any dependency so the package
 * installs alone; a test holds them equal to the server's contract.
 */

export type PaymentStatus = "open" | "initiated" | "paid" | "validated" | "failed";

/** `POST /api/v1/payments` body. */
export interface CreatePayment {
  /** Decimal string in `currency`, at least "0.1". */
  amount: string;
  /** The merchant's billing currency (fiat, converted when the payer starts) or USDC. */
  currency: string;
  /** Your order id: shown in Orders, sent back in webhooks as `merchantExtras.orderId`. */
  orderId?: string;
  /** Any JSON object, at most 4096 bytes; returned as is. */
  metadata?: Record<string, unknown>;
  /** Where the payer goes after paying (overrides the account's callback URL). */
  callbackUrl?: string;
}

/** A payment as every zAPI route answers it. */
export interface Payment {
  /** Payment id; webhooks carry it as `data.product`. */
  id: string;
  /** The hosted pay page to send the payer to. */
  url: string;
  status: PaymentStatus;
  amount: string;
  currency: string;
  orderId: string | null;
  metadata: Record<string, unknown> | null;
  callbackUrl: string | null;
  createdAt: string;
}

/** `GET /api/v1/payments` filters and paging. */
export interface ListPayments {
  status?: PaymentStatus;
  orderId?: string;
  /** 1 to 100, 20 when left out. */
  limit?: number;
  /** `next` of the previous page. */
  cursor?: string;
}

export interface PaymentPage {
  data: Payment[];
  /** The cursor of the next page, null on the last one. */
  next: string | null;
}

/** A webhook event's body (`payment.paid`, `payment.validated`, `payment.failed`, …). */
export interface WebhookEvent {
  type: string;
  /** When the event happened, ISO 8601. */
  timestamp: string;
  data: {
    /** For a zAPI payment: `dynamic`, and `product` is the payment id. */
    type?: string;
    product?: string;
    publicId?: string;
    status?: string;
    hash?: string | null;
    merchantExtras?: { orderId?: string | null } | null;
    [field: string]: unknown;
  };
}
