import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookVerificationError } from "./errors.ts";
import type { WebhookEvent } from "./types.ts";

/**
 * How far a webhook's timestamp may be from now, either way, before it is refused (5 minutes, as
 * Standard Webhooks recommends): a captured request cannot be replayed later.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Request headers as Node (`req.headers`), fetch (`Headers`) or a plain object give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Seconds either side of now a timestamp is accepted; WEBHOOK_TOLERANCE_SECONDS by default. */
  toleranceSeconds?: number;
  /** The clock, for tests. */
  now?: () => Date;
}

/** One header's value, whatever form the headers come in (`name` in lower case). */
export function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(" ") : value;
}

/** The HMAC key of a `whsec_<base64>` secret. */
function keyOf(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  if (key.length === 0) throw new WebhookVerificationError("The webhook secret is empty");
  return key;
}

/**
 * Verifies a zpay webhook (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) and answers its event. `body` must be the raw request body, byte for byte
 * (parse it after, never before). Throws WebhookVerificationError when a header is missing, the
 * timestamp is more than the tolerance away from now, or no `v1,` signature of the space-separated
 * list matches HMAC-SHA256(secret, "<id>.<timestamp>.<body>").
 */
export function verifyWebhook(secret: string, body: string | Uint8Array, headers: HeaderSource, options: VerifyOptions = {}): WebhookEvent {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header");
  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError("Invalid webhook-timestamp");
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance) throw new WebhookVerificationError("Webhook timestamp is outside the tolerance");

  // The bytes as received are signed: a body decoded and encoded again could differ.
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
  const expected = createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.`).update(bytes).digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError("No matching webhook signature");
  try {
    return JSON.parse(bytes.toString("utf8")) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("The webhook body is not JSON");
  }
}
