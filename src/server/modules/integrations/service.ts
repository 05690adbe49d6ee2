import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { isUuid } from "@/lib/uuid";
import { DELIVERY_PAGE_SIZE, type DeliveryFilter } from "@/lib/webhook-settings";
import { ApiError } from "../../http/errors";
import type { Db } from "../../db/client";
import { merchantIntegrations, webhookEvents, type IntegrationRow } from "../../db/schema";
import { attemptsOf } from "../../jobs/webhooks";
import type { WebhookAttemptRow, WebhookEventRow } from "../../db/schema";
import { bareHostname, isLoopbackName, refusedAddressReason, type AddressPolicy } from "../../net/address-policy";
import {
  DestinationRefusedError,
  DestinationUnresolvedError,
  resolveDestination,
  type HostLookup,
} from "../../net/resolve-destination";

/** SPEC §5 Settings messages. */
export const INTEGRATION_MESSAGES = {
  endpoint: "Valid API endpoint is required",
  callback: "Callback URL",
} as const;

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The merchant's integration settings, created (with a fresh secret) on first read. */
export async function getIntegration(db: Db, userId: string): Promise<IntegrationRow> {
  await db.insert(merchantIntegrations).values({ userId, secret: newWebhookSecret() }).onConflictDoNothing();
  const [row] = await db.select().from(merchantIntegrations).where(eq(merchantIntegrations.userId, userId));
  return row;
}

/** Where the pay page sends the payer after a payment, when the merchant set it. */
export async function getCallbackUrl(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ callback: merchantIntegrations.callback })
    .from(merchantIntegrations)
    .where(eq(merchantIntegrations.userId, userId));
  return row?.callback ?? undefined;
}

export interface IntegrationInput {
  endpoint?: string | null;
  callback?: string | null;
  shopify_store?: string | null;
  shopify_secret?: string | null;
}

export interface EndpointPolicy {
  production: boolean;
  /** Sandbox only (`WEBHOOK_ALLOW_LOOPBACK`): a webhook endpoint may be on this machine. */
  allowLoopback?: boolean;
}

/** An http(s) URL without credentials (https only in production), or undefined. */
function parseHttpUrl(text: string, production: boolean): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && (production || url.protocol !== "http:")) return undefined;
  if (url.username || url.password) return undefined;
  return url;
}

/**
 * Whether the host as written may receive requests: a literal address must pass the public-only
 * policy and `localhost` names are loopback. The WHATWG parser has already turned tricks like
 * `2130706433`, `0x7f.1` or `127.1` into 127.0.0.1, and `[::ffff:127.0.0.1]` into `[::ffff:7f00:1]`.
 */
function isAllowedLiteralHost(url: URL, policy: AddressPolicy): boolean {
  const host = bareHostname(url);
  if (isLoopbackName(host)) return Boolean(policy.allowLoopback);
  return isIP(host) === 0 || refusedAddressReason(host, policy) === undefined;
}

const blank = (v: string | null | undefined) => v === undefined ? undefined : (v ?? "").trim() || null;

/**
 * Checks the settings form (SPEC §5): the webhook endpoint, when given, must be an http(s) URL
 * (https in production) whose host is not a private, loopback, link-local or reserved address in
 * any mode (loopback allowed in a sandbox that says so); the callback must be an http(s) URL
 * (https and a public host in production: the payer's browser goes there, not the server). Absent
 * fields are left as they are; empty ones are cleared. Names are resolved by
 * `checkEndpointResolution`, and again at every send.
 * @returns the normalised values and the errors by field (empty when valid).
 */
export function validateIntegration(input: IntegrationInput, options: EndpointPolicy) {
  const values = {
    apiHook: blank(input.endpoint),
    callback: blank(input.callback),
    shopifyStore: blank(input.shopify_store),
    shopifySecret: blank(input.shopify_secret),
  };
  const errors: Record<string, string> = {};
  const allowLoopback = !options.production && Boolean(options.allowLoopback);
  if (values.apiHook) {
    const url = parseHttpUrl(values.apiHook, options.production);
    if (!url || !isAllowedLiteralHost(url, { allowLoopback })) errors.endpoint = INTEGRATION_MESSAGES.endpoint;
  }
  if (values.callback) {
    const url = parseHttpUrl(values.callback, options.production);
    if (!url || (options.production && !isAllowedLiteralHost(url, {}))) errors.callback = INTEGRATION_MESSAGES.callback;
  }
  return { values, errors };
}

/**
 * Resolves a webhook endpoint's host name now, so a name that leads to a refused address (e.g.
 * `127.0.0.1.nip.io`) is turned down while the merchant is at the form. A name that does not
 * resolve yet is accepted: the merchant's DNS may not be ready, and every send checks again.
 * @returns the error message, or undefined when the endpoint may be saved.
 */
export async function checkEndpointResolution(endpoint: string, options: EndpointPolicy & { lookup?: HostLookup }): Promise<string | undefined> {
  try {
    await resolveDestination(new URL(endpoint), { allowLoopback: !options.production && options.allowLoopback, lookup: options.lookup });
  } catch (err) {
    if (err instanceof DestinationRefusedError) return INTEGRATION_MESSAGES.endpoint;
    if (err instanceof DestinationUnresolvedError) return undefined;
    throw err;
  }
  return undefined;
}

export async function saveIntegration(db: Db, userId: string, values: ReturnType<typeof validateIntegration>["values"], now = new Date()) {
  await getIntegration(db, userId);
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(merchantIntegrations)
    .set({ ...set, updatedAt: now })
    .where(eq(merchantIntegrations.userId, userId))
    .returning();
  return row;
}

/**
 * A new webhook signing secret; webhooks sent from now on are signed with it. It has nothing to do
 * with the API secret (`modules/zapi/api-secret.ts`), so a leaked receiver's copy opens no API.
 */
export async function regenerateSecret(db: Db, userId: string, now = new Date()): Promise<IntegrationRow> {
  await getIntegration(db, userId);
  const [row] = await db
    .update(merchantIntegrations)
    .set({ secret: newWebhookSecret(), updatedAt: now })
    .where(eq(merchantIntegrations.userId, userId))
    .returning();
  return row;
}

export interface DeliveryPage {
  list: { event: WebhookEventRow; attempts: WebhookAttemptRow[] }[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  next: string | null;
}

/** A row's place in the log: its creation time in microseconds (what the column keeps) and id. */
const positionOf = sql<string>`(extract(epoch from ${webhookEvents.createdAt}) * 1000000)::bigint::text`;
const CURSOR = /^(\d{1,20})\.([0-9a-f-]{36})$/;

/**
 * The merchant's webhook events with their delivery logs, newest first, `limit` per page, keyset-paged
 * on (created_at, id) to the microsecond, so events raised meanwhile never shift the following pages
 * and events a millisecond apart are never skipped. Without `status` every event that had an endpoint
 * to go to ("sent"); `no_endpoint` ones only when asked for.
 */
export async function listDeliveries(db: Db, userId: string, options: { limit?: number; cursor?: string; status?: DeliveryFilter } = {}): Promise<DeliveryPage> {
  const limit = Math.min(Math.max(options.limit ?? DELIVERY_PAGE_SIZE, 1), 200);
  const status = options.status ?? "sent";
  const where: SQL[] = [sql`${webhookEvents.userId} = ${userId}`, status === "sent" ? sql`${webhookEvents.status} <> 'no_endpoint'` : sql`${webhookEvents.status} = ${status}`];
  if (options.cursor !== undefined) {
    const m = CURSOR.exec(options.cursor);
    if (!m || !isUuid(m[2])) throw new ApiError(400, "invalid_cursor", "This page link is not valid: start again from the first page", [{ path: "cursor", message: "Invalid cursor" }]);
    where.push(sql`(${webhookEvents.createdAt}, ${webhookEvents.id}) < (timestamptz 'epoch' + ${m[1]}::bigint * interval '1 microsecond', ${m[2]}::uuid)`);
  }
  const rows = await db
    .select({ event: webhookEvents, position: positionOf })
    .from(webhookEvents)
    .where(sql.join(where, sql` and `))
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const attempts = await attemptsOf(
    db,
    page.map((r) => r.event.id),
  );
  const last = page.at(-1);
  return {
    list: page.map(({ event }) => ({ event, attempts: attempts.get(event.id) ?? [] })),
    next: rows.length > limit && last ? `${last.position}.${last.event.id}` : null,
  };
}
