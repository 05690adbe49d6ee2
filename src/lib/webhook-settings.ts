import * as yup from "yup";

/**
 * Settings → Security, the webhook / e-commerce form and the delivery log (SPEC §3
 * Account/integration, §5): the form's schema, its messages and the DTOs of `/api/integrations`.
 * The server checks again, more strictly (public hosts only, names resolved).
 */

/** SPEC §5 texts (English); the form passes translated ones, the server answers these. */
export const WEBHOOK_MESSAGES = {
  endpoint: "Valid API endpoint is required",
  callback: "Callback URL",
} as const;
export type WebhookMessages = Record<keyof typeof WEBHOOK_MESSAGES, string>;

export interface WebhookFormValues {
  endpoint: string;
  callback: string;
  shopify_store: string;
  shopify_secret: string;
}

/** An http(s) URL, or empty (SPEC §5: the endpoint "may be empty"). */
function httpUrlOrEmpty(value: string | undefined): boolean {
  const text = (value ?? "").trim();
  if (!text) return true;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function webhookFormSchema(messages: WebhookMessages = WEBHOOK_MESSAGES) {
  return yup.object({
    endpoint: yup.string().max(2048, messages.endpoint).default("").test("url", messages.endpoint, httpUrlOrEmpty),
    callback: yup.string().max(2048, messages.callback).default("").test("url", messages.callback, httpUrlOrEmpty),
    shopify_store: yup.string().max(255).default(""),
    shopify_secret: yup.string().max(255).default(""),
  });
}

/** `GET /api/integrations` `data` (the secret and account id are the API keys card's). */
export interface IntegrationSettingsDto {
  account: { id: string };
  secret: string;
  apiHook: string | null;
  callback: string | null;
  shopify_store: string | null;
  shopify_secret: string | null;
  referralCode: string;
}

/**
 * An attempt's state in the delivery log: `sending` (recorded before the request left, no answer
 * yet), `done` (the answer, or why none came, is in), `interrupted` (the server stopped while
 * sending: no answer recorded, the receiver may have the event).
 */
export const WEBHOOK_ATTEMPT_STATES = ["sending", "done", "interrupted"] as const;
export type WebhookAttemptState = (typeof WEBHOOK_ATTEMPT_STATES)[number];

export interface WebhookAttemptDto {
  _id: string;
  attempt: number;
  url: string;
  statusCode: number | null;
  error: string | null;
  state: WebhookAttemptState;
  /** Null while sending or when interrupted. */
  durationMs: number | null;
  nextRetryAt: string | null;
  manual: boolean;
  startedAt: string;
}

export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "no_endpoint"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/**
 * The log's filter: one status, or every event that had somewhere to go ("sent"). `no_endpoint`
 * events (raised while no endpoint was saved) are listed only under their own filter: they filled a
 * phone with thousands of pixels of "No endpoint" (issue 28).
 */
export const DELIVERY_FILTERS = ["sent", ...DELIVERY_STATUSES] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];
/** Events per page of the delivery log. */
export const DELIVERY_PAGE_SIZE = 20;

/** `GET /api/integrations/deliveries` for a filter, from the start or after a page's `next`. */
export function deliveriesPath(filter: DeliveryFilter, cursor?: string | null): string {
  const query = new URLSearchParams({ limit: String(DELIVERY_PAGE_SIZE) });
  if (filter !== "sent") query.set("status", filter);
  if (cursor) query.set("cursor", cursor);
  return `/integrations/deliveries?${query}`;
}

export interface WebhookDeliveryDto {
  _id: string;
  type: string;
  status: DeliveryStatus;
  transaction: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  payload: Record<string, unknown>;
  log: WebhookAttemptDto[];
}

/** `GET /api/integrations/webhook` `data`: the form's fields, without the signing secret. */
export type WebhookSettingsDto = Pick<IntegrationSettingsDto, "apiHook" | "callback" | "shopify_store" | "shopify_secret">;

/** The form's starting values from the saved settings. */
export function webhookFormValues(row: WebhookSettingsDto | null): WebhookFormValues {
  return { endpoint: row?.apiHook ?? "", callback: row?.callback ?? "", shopify_store: row?.shopify_store ?? "", shopify_secret: row?.shopify_secret ?? "" };
}

/** Whether an attempt reached the endpoint and got a 2xx. */
export function attemptSucceeded(a: Pick<WebhookAttemptDto, "statusCode">): boolean {
  return a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;
}
