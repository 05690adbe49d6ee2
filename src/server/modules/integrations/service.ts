import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchantIntegrations, webhookEvents } from "../../db/schema";
import { attemptsOf, type WebhookAttemptRow, type WebhookEventRow } from "../../jobs/webhooks";

export type IntegrationRow = typeof merchantIntegrations.$inferSelect;

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

const PRIVATE_V4 = [/^10\./, /^127\./, /^169\.254\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./, /^0\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./];

/** Loopback, link-local and private hosts: refused as webhook targets in production. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal")) return true;
  if (isIP(host) === 4) return PRIVATE_V4.some((r) => r.test(host));
  if (isIP(host) === 6) return host === "::1" || host === "::" || /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host.startsWith("::ffff:");
  return false;
}

function isHttpUrl(text: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && (production || url.protocol !== "http:")) return false;
  if (url.username || url.password) return false;
  return !(production && isPrivateHost(url.hostname));
}

const blank = (v: string | null | undefined) => v === undefined ? undefined : (v ?? "").trim() || null;

/**
 * Checks the settings form (SPEC §5): the webhook endpoint, when given, must be an http(s) URL
 * (https and a public host in production); the callback likewise. Absent fields are left as
 * they are; empty ones are cleared.
 * @returns the normalised values and the errors by field (empty when valid).
 */
export function validateIntegration(input: IntegrationInput, options: { production: boolean }) {
  const values = {
    apiHook: blank(input.endpoint),
    callback: blank(input.callback),
    shopifyStore: blank(input.shopify_store),
    shopifySecret: blank(input.shopify_secret),
  };
  const errors: Record<string, string> = {};
  if (values.apiHook && !isHttpUrl(values.apiHook, options.production)) errors.endpoint = INTEGRATION_MESSAGES.endpoint;
  if (values.callback && !isHttpUrl(values.callback, options.production)) errors.callback = INTEGRATION_MESSAGES.callback;
  return { values, errors };
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

/** A new signing secret; webhooks sent from now on are signed with it. */
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

function parseCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  const [iso, id] = (cursor ?? "").split("_");
  const at = new Date(iso ?? "");
  return id && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(at.getTime()) ? { at, id } : undefined;
}

/** The merchant's webhook events with their delivery logs, newest first, `limit` per page. */
export async function listDeliveries(db: Db, userId: string, options: { limit?: number; cursor?: string } = {}): Promise<DeliveryPage> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const after = parseCursor(options.cursor);
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.userId, userId),
        after
          ? or(lt(webhookEvents.createdAt, after.at), and(eq(webhookEvents.createdAt, after.at), lt(webhookEvents.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const attempts = await attemptsOf(
    db,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  return {
    list: page.map((event) => ({ event, attempts: attempts.get(event.id) ?? [] })),
    next: rows.length > limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}
