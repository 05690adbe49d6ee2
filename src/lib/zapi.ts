import { z } from "zod";
import { parsePriceText, priceDecimals, ZLINK_LIMITS } from "./zlink";
import { parseBaseUnits } from "./money";

/**
 * zAPI, the public server-to-server API (product type `dynamic`, shown as zApi): one contract for
 * the server, its OpenAPI docs and a future Node SDK.
 *
 * Authentication: `Authorization: Basic base64(accountId:apiSecret)` with the account id and the
 * API secret (`zpk_…`) of the API keys card; never the merchant's session, and never the webhook
 * signing secret (`whsec_…`), which every webhook receiver holds. The API secret is shown once,
 * when made. A regenerate either revokes the one before at once or, when the merchant asks, keeps
 * it working for ZAPI_ROTATION_GRACE_MS so a server can be redeployed without downtime; it can
 * still be revoked at any moment.
 */

/** How long a regenerated API secret's predecessor still authenticates, when the merchant asks for it. */
export const ZAPI_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;
/** How an API secret starts, so it is never mistaken for (or pasted as) a webhook secret. */
export const ZAPI_SECRET_PREFIX = "zpk_";
/** Sent on a call authenticated with a legacy API secret (the webhook secret carried over by migration). */
export const ZAPI_LEGACY_SECRET_WARNING =
  "This API secret is your webhook signing secret, which every webhook receiver holds. Create an API secret (zAPI page, Regenerate) and use it instead.";
/**
 * How long an Idempotency-Key is honoured: a client retries within minutes, so a day covers any
 * retry loop while keeping the key table small (maintenance deletes older keys); after it, the
 * same key makes a new payment.
 */
export const ZAPI_IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Failed authentications per client address per minute before 429. */
export const ZAPI_AUTH_FAILURES_PER_MINUTE = 10;
export const ZAPI_LIMITS = {
  /** Bytes of the metadata object as JSON. */
  metadataBytes: 4096,
  orderId: 200,
  callbackUrl: 2048,
  idempotencyKey: 255,
  pageSize: 100,
  defaultPageSize: 20,
  maxPrice: ZLINK_LIMITS.maxPrice,
} as const;
/** The smallest amount, as for every other product. */
export const ZAPI_MIN_AMOUNT = "0.1";

export const ZAPI_MESSAGES = {
  amountInvalid: "amount must be a decimal string such as \"12.50\"",
  amountMinimum: `Amount must be at least ${ZAPI_MIN_AMOUNT}`,
  amountDecimals: "Too many decimals for this currency",
  amountTooLarge: "The amount is too large",
  currencyInvalid: "Unsupported currency",
  metadataTooLarge: `metadata must be at most ${ZAPI_LIMITS.metadataBytes} bytes as JSON`,
  callbackInvalid: "callbackUrl must be an http(s) URL",
  unauthorized: "Invalid API credentials",
  webhookSecretRefused: "Invalid API credentials: the webhook signing secret (whsec_…) does not authenticate the API. Use the API secret (zpk_…) of the zAPI page.",
  idempotencyConflict: "This Idempotency-Key was already used with a different request body",
  notFound: "Payment not found",
} as const;

/** Payment states: `open` until a payer starts paying, then the transaction's status. */
export const ZAPI_PAYMENT_STATUSES = ["open", "initiated", "paid", "validated", "failed"] as const;
export type ZapiPaymentStatus = (typeof ZAPI_PAYMENT_STATUSES)[number];

const fraction = (decimal: string) => decimal.split(".")[1]?.length ?? 0;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `POST /api/v1/payments` body. Currencies are checked by the server (they depend on the merchant). */
export const ZapiCreatePayment = z
  .object({
    amount: z
      .string()
      .max(40)
      .refine((v) => /^\d+(\.\d+)?$/.test(v.trim()), ZAPI_MESSAGES.amountInvalid)
      .describe("Decimal string in `currency`, at least 0.1"),
    currency: z.string().min(1).max(10).describe("The merchant's billing currency (fiat, converted at the rate when the payer starts) or USDC"),
    orderId: z.string().trim().min(1).max(ZAPI_LIMITS.orderId).optional().describe("Your order id: shown in Orders, sent back in webhooks as `merchantExtras.orderId`"),
    metadata: z
      .record(z.string(), z.unknown())
      .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= ZAPI_LIMITS.metadataBytes, ZAPI_MESSAGES.metadataTooLarge)
      .optional()
      .describe(`Any JSON object, at most ${ZAPI_LIMITS.metadataBytes} bytes; returned as is`),
    callbackUrl: z
      .string()
      .max(ZAPI_LIMITS.callbackUrl)
      .refine(isHttpUrl, ZAPI_MESSAGES.callbackInvalid)
      .optional()
      .describe("Where the payer goes after paying (overrides the account's callback URL)"),
  })
  .strict();
export type ZapiCreatePayment = z.infer<typeof ZapiCreatePayment>;

/** A zAPI payment as every route answers it. */
export const ZapiPayment = z.object({
  id: z.string().describe("Payment id; webhooks carry it as `data.product`"),
  url: z.string().describe("The hosted pay page to send the payer to"),
  status: z.enum(ZAPI_PAYMENT_STATUSES),
  amount: z.string(),
  currency: z.string(),
  orderId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  callbackUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type ZapiPayment = z.infer<typeof ZapiPayment>;

/** `GET /api/v1/payments` query. */
export const ZapiListQuery = z.object({
  status: z.enum(ZAPI_PAYMENT_STATUSES).optional(),
  orderId: z.string().max(ZAPI_LIMITS.orderId).optional(),
  limit: z.coerce.number().int().min(1).max(ZAPI_LIMITS.pageSize).optional(),
  cursor: z.string().max(200).optional().describe("`next` of the previous page"),
});
export type ZapiListQuery = z.infer<typeof ZapiListQuery>;

export const ZapiPaymentPage = z.object({ data: z.array(ZapiPayment), next: z.string().nullable() });
export type ZapiPaymentPage = z.infer<typeof ZapiPaymentPage>;

/**
 * The amount checks a schema cannot make alone (they depend on the currency): canonical text, or
 * the message to answer.
 */
export function checkZapiAmount(amount: string, currency: string): { ok: true; price: string } | { ok: false; message: string } {
  const price = parsePriceText(amount);
  if (price === undefined || price.startsWith("-")) return { ok: false, message: ZAPI_MESSAGES.amountInvalid };
  const scale = Math.max(fraction(price), fraction(ZAPI_MIN_AMOUNT));
  if (parseBaseUnits(price, scale) < parseBaseUnits(ZAPI_MIN_AMOUNT, scale)) return { ok: false, message: ZAPI_MESSAGES.amountMinimum };
  if (fraction(price) > priceDecimals(currency)) return { ok: false, message: ZAPI_MESSAGES.amountDecimals };
  if (parseBaseUnits(price, scale) > parseBaseUnits(ZAPI_LIMITS.maxPrice, scale)) return { ok: false, message: ZAPI_MESSAGES.amountTooLarge };
  return { ok: true, price };
}

/**
 * The API secret as the merchant's screens see it (`GET /api/zapi/secret`): never the secret
 * itself, which is shown once by the regenerate answer.
 */
export const ZapiSecretStatus = z.object({
  exists: z.boolean().describe("Whether the account has an API secret; without one the zAPI answers 401"),
  hint: z.string().nullable().describe("The secret's last 4 characters"),
  createdAt: z.string().nullable(),
  legacy: z.boolean().describe("The secret is the webhook signing secret carried over from before API secrets existed: regenerate it"),
  previous: z
    .object({ hint: z.string(), expiresAt: z.string() })
    .nullable()
    .describe("The secret before the last regenerate, still accepted until `expiresAt` (only when the regenerate kept it)"),
});
export type ZapiSecretStatus = z.infer<typeof ZapiSecretStatus>;

/** `POST /api/zapi/secret/regenerate` body. */
export const ZapiSecretRegenerate = z.strictObject({
  keepPrevious: z.boolean().describe(`true: the current secret keeps working for ${ZAPI_ROTATION_GRACE_MS / 3_600_000} hours (revocable); false: it stops at once`),
});
export type ZapiSecretRegenerate = z.infer<typeof ZapiSecretRegenerate>;

/** The `Authorization` header value for a server: Basic with the account id and secret. */
export function zapiAuthorization(accountId: string, secret: string): string {
  const text = `${accountId}:${secret}`;
  const base64 = typeof Buffer !== "undefined" ? Buffer.from(text, "utf8").toString("base64") : btoa(text);
  return `Basic ${base64}`;
}
