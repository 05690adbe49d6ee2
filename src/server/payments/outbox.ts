import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchantIntegrations, webhookEvents } from "../db/schema";
import type { WebhookEventBody } from "./dto";

/**
 * Writes webhook events to the outbox (`webhook_events`) inside the caller's database
 * transaction, so an event exists exactly when the change that caused it is committed. Delivery
 * is someone else's job: the caller enqueues the returned ids after the commit (jobs/webhooks.ts),
 * and the sweeper finds any it could not. A merchant with no endpoint gets `no_endpoint` rows
 * (kept for the delivery log), which are never sent. Events of one change keep their order
 * through created_at (a millisecond apart). Answers the ids of the events to deliver.
 */
export async function insertWebhookEvents(
  tx: Pick<Db, "select" | "insert">,
  args: { userId: string; transactionId: string | null; events: readonly Omit<WebhookEventBody, "timestamp">[]; now: Date },
): Promise<string[]> {
  if (args.events.length === 0) return [];
  const [integration] = await tx
    .select({ apiHook: merchantIntegrations.apiHook })
    .from(merchantIntegrations)
    .where(eq(merchantIntegrations.userId, args.userId));
  const deliverable = Boolean(integration?.apiHook);
  const rows = args.events.map((event, i) => {
    const payload = { type: event.type, timestamp: args.now.toISOString(), data: event.data } as WebhookEventBody;
    return {
      userId: args.userId,
      transactionId: args.transactionId,
      type: event.type,
      payload: payload as unknown as Record<string, unknown>,
      status: deliverable ? ("pending" as const) : ("no_endpoint" as const),
      nextAttemptAt: deliverable ? args.now : null,
      createdAt: new Date(args.now.getTime() + i),
    };
  });
  const inserted = await tx.insert(webhookEvents).values(rows).returning({ id: webhookEvents.id, status: webhookEvents.status });
  return inserted.filter((r) => r.status === "pending").map((r) => r.id);
}
