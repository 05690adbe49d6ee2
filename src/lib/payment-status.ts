/**
 * Every status a payment (transaction) can have, in one place for the database column, the
 * server's state machine, the payer API and the UI: initiated (started, waiting for money), paid
 * (enough money seen at confirmed), validated (at finalized), failed (see its reason).
 */
export const PAYMENT_STATUSES = ["initiated", "paid", "validated", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
