import { eq } from "drizzle-orm";
import { merchantIntegrations, webhookEvents, type WebhookEventRow } from "../db/schema";
import { enqueueWebhookEvents, NoEndpointError, type WebhookDeps } from "./webhooks";

/** The `type` of the event "Send test event" makes; receivers should answer 2xx and ignore it. */
export const TEST_EVENT_TYPE = "test";

/**
 * The merchant asks for a test event: a `test` event goes through the same outbox, signing,
 * retries and delivery log as a payment event, so the merchant sees their endpoint answer.
 * @throws {NoEndpointError} when the merchant has no webhook endpoint.
 */
export async function sendTestWebhookEvent(deps: WebhookDeps, userId: string, now = new Date()): Promise<WebhookEventRow> {
  const [integration] = await deps.db
    .select({ apiHook: merchantIntegrations.apiHook })
    .from(merchantIntegrations)
    .where(eq(merchantIntegrations.userId, userId));
  if (!integration?.apiHook) throw new NoEndpointError();
  const payload = { type: TEST_EVENT_TYPE, timestamp: now.toISOString(), data: { message: "A test event from the Security settings." } };
  const [row] = await deps.db
    .insert(webhookEvents)
    .values({ userId, transactionId: null, type: TEST_EVENT_TYPE, payload, status: "pending", nextAttemptAt: now, createdAt: now })
    .returning();
  // Not `manual`: the log keeps that word for redeliveries.
  await enqueueWebhookEvents(deps.queue, [row.id], deps.log);
  return row;
}
