import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { webhookAttempts as webhookAttemptsMetric } from "../metrics";
import { Webhook } from "standardwebhooks";
import type { Database, Db } from "../db/client";
import { merchantIntegrations, webhookAttempts, webhookEvents, type WebhookAttemptRow, type WebhookEventRow } from "../db/schema";
import type { WebhookAttemptState } from "@/lib/webhook-settings";
import type { Logger } from "../logger";
import { DestinationRefusedError, DestinationUnresolvedError, type DestinationOptions } from "../net/resolve-destination";
import { PostAbortedError, pinnedPost, PostTimeoutError } from "../net/pinned-post";
import type { Queue } from "./queue";
import { WebhookDispatcher, type DispatcherLimits } from "./webhook-dispatcher";

/**
 * Webhook delivery (docs/architecture.md "The payment model"): events are written to the
 * `webhook_events` outbox in the same database transaction as the payment change; a pg-boss job
 * posts each one to the merchant's endpoint, signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`, by the `standardwebhooks`
 * package), and records every attempt in `webhook_attempts` BEFORE the request leaves (committed,
 * state `sending`), filling it in when the answer comes. A process that stops mid-send leaves its
 * attempt in the log, read as interrupted; the next attempt is a second one with the same
 * `webhook-id`, which is why receivers dedupe on it (docs/webhooks.md). A non-2xx answer or a network error is
 * retried on `WEBHOOK_RETRY_SCHEDULE_MS`; after the last one the event is `failed` until the
 * merchant redelivers it. Jobs only say "look at event X": the row is claimed with a lease, so a
 * duplicate job is harmless, and a sweeper re-enqueues anything due whose job was lost (e.g. the
 * process stopped between the commit and the send). Delivery order is not guaranteed; every body
 * carries its event time and the full transaction.
 *
 * Safety (a merchant chooses where the server sends requests): the host is resolved at send time
 * and every address checked against the public-only policy of `net/address-policy.ts`, and the
 * connection is pinned to the checked address (`net/pinned-post.ts`). Only the receiver's status
 * code is kept and shown, never its body or the network's error text, so the delivery log cannot
 * be used to read or map anything the server can reach.
 */

export const WEBHOOK_QUEUES = { deliver: "webhook-deliver", sweep: "webhook-sweep" } as const;

/** Delays before each retry: 10 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h (8 attempts in all). */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
/** One attempt (resolve, connect, send, answer) has this long; a slower receiver is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Reply bytes read before the connection is dropped: enough for a receiver to finish its answer. */
export const WEBHOOK_MAX_REPLY_BYTES = 4_096;
/** How long a claimed event is reserved for the attempt in flight. */
export const WEBHOOK_LEASE_MS = 60_000;
/** Sweeper: every minute, re-enqueue due events whose job went missing. */
export const WEBHOOK_SWEEP_CRON = "* * * * *";

export interface WebhookOptions {
  retryScheduleMs?: readonly number[];
  timeoutMs?: number;
  leaseMs?: number;
  maxReplyBytes?: number;
  /** Where sending is allowed (loopback in a sandbox that says so) and the resolver to use. */
  destination?: DestinationOptions;
  /** Shutdown: cuts the attempt in flight short; it is recorded as interrupted and retried on the schedule. */
  stop?: AbortSignal;
  now?: () => Date;
}

export interface WebhookDeps {
  db: Db;
  queue?: Queue;
  log?: Logger;
}

/**
 * The worker running in this process on a queue, if any: events enqueued here go straight to its
 * dispatcher too, saving the job's round trip through the database. The job still goes out (any
 * process may take it); whichever comes second finds the event claimed or delivered.
 */
const localWorkers = new WeakMap<Queue, (eventIds: readonly string[], manual: boolean) => Promise<void>>();

/** Asks the worker to deliver events now. Best effort: the sweeper finds anything this misses. */
export async function enqueueWebhookEvents(
  queue: Queue | undefined,
  ids: readonly string[],
  log?: Logger,
  options: { startAfter?: Date; manual?: boolean } = {},
): Promise<void> {
  if (!queue) return;
  for (const eventId of ids) {
    try {
      await queue.send(WEBHOOK_QUEUES.deliver, { eventId, manual: options.manual ?? false }, options.startAfter ? { startAfter: options.startAfter } : {});
    } catch (err) {
      log?.warn({ err, eventId }, "could not enqueue a webhook delivery; the sweeper will");
    }
  }
  if (!options.startAfter) await localWorkers.get(queue)?.(ids, options.manual ?? false).catch((err: unknown) => log?.warn({ err }, "could not hand webhook events to the local worker"));
}

export type DeliveryResult =
  | { outcome: "not_due" }
  | { outcome: "no_endpoint" }
  /** The schedule's last attempt was interrupted (the process stopped while sending): given up without another send. */
  | { outcome: "exhausted" }
  | { outcome: "delivered" | "retry" | "failed"; attempt: WebhookAttemptRow };

/**
 * How an attempt reads in the delivery log. A `sending` row older than a lease has no process
 * behind it any more (the lease ran out, so another may already have sent the event again): it
 * reads as interrupted even before the next claim writes so.
 */
export function attemptState(row: Pick<WebhookAttemptRow, "state" | "startedAt">, now = new Date(), leaseMs = WEBHOOK_LEASE_MS): WebhookAttemptState {
  return row.state === "sending" && now.getTime() - row.startedAt.getTime() > leaseMs ? "interrupted" : row.state;
}

/** Claims an event when an attempt is due and nobody else holds it. */
async function claim(tx: Db, eventId: string, now: Date, leaseMs: number): Promise<WebhookEventRow | undefined> {
  const [row] = await tx
    .update(webhookEvents)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(webhookEvents.id, eventId),
        eq(webhookEvents.status, "pending"),
        lte(webhookEvents.nextAttemptAt, now),
        or(isNull(webhookEvents.leaseUntil), lte(webhookEvents.leaseUntil, now)),
      ),
    )
    .returning();
  return row;
}

type Begun =
  | { outcome: "not_due" | "no_endpoint" | "exhausted" }
  | { outcome: "sending"; event: WebhookEventRow; url: string; secret: string; attempt: WebhookAttemptRow };

/**
 * Starts an attempt, in one transaction committed before anything is sent: claims the event,
 * marks attempts whose process stopped mid-send as interrupted (the claim proves their lease ran
 * out), and writes this attempt as `sending`, counted in the event's attempts and retry cycle. So
 * a crash between the request and the answer leaves the attempt in the log, and the schedule counts it.
 */
async function begin(db: Db, eventId: string, startedAt: Date, options: { leaseMs: number; maxAttempts: number; manual: boolean }): Promise<Begun> {
  return db.transaction(async (tx): Promise<Begun> => {
    const event = await claim(tx, eventId, startedAt, options.leaseMs);
    if (!event) return { outcome: "not_due" };
    await tx
      .update(webhookAttempts)
      .set({ state: "interrupted" })
      .where(and(eq(webhookAttempts.eventId, event.id), eq(webhookAttempts.state, "sending")));
    const [integration] = await tx.select().from(merchantIntegrations).where(eq(merchantIntegrations.userId, event.userId));
    const apiHook = integration?.apiHook;
    if (!apiHook) {
      await tx.update(webhookEvents).set({ status: "no_endpoint", nextAttemptAt: null, leaseUntil: null }).where(eq(webhookEvents.id, event.id));
      return { outcome: "no_endpoint" };
    }
    if (event.cycleAttempts >= options.maxAttempts) {
      await tx.update(webhookEvents).set({ status: "failed", nextAttemptAt: null, leaseUntil: null }).where(eq(webhookEvents.id, event.id));
      return { outcome: "exhausted" };
    }
    const [attempt] = await tx
      .insert(webhookAttempts)
      .values({ eventId: event.id, userId: event.userId, attempt: event.attempts + 1, url: apiHook, state: "sending", manual: options.manual, startedAt })
      .returning();
    await tx
      .update(webhookEvents)
      .set({ attempts: sql`${webhookEvents.attempts} + 1`, cycleAttempts: sql`${webhookEvents.cycleAttempts} + 1` })
      .where(eq(webhookEvents.id, event.id));
    return { outcome: "sending", event, url: apiHook, secret: integration.secret, attempt };
  });
}

interface Sent {
  statusCode: number | null;
  /** A fixed word or "HTTP <status>": never the receiver's words or the network's details. */
  error: string | null;
  durationMs: number;
  /** Cut short by shutdown before an answer came: the receiver may or may not have the event. */
  aborted: boolean;
}

/** What the delivery log says about an attempt that got no status code. */
function failureOf(err: unknown): string | null {
  if (err instanceof PostAbortedError) return null;
  if (err instanceof DestinationRefusedError) return "destination refused";
  if (err instanceof DestinationUnresolvedError) return "host not found";
  if (err instanceof PostTimeoutError) return "timeout";
  return "unreachable";
}

async function post(url: string, secret: string, event: WebhookEventRow, at: Date, options: WebhookOptions): Promise<Sent> {
  const body = JSON.stringify(event.payload);
  const signature = new Webhook(secret).sign(event.id, at, body);
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    const { statusCode } = await pinnedPost(new URL(url), {
      headers: {
        "content-type": "application/json",
        "user-agent": "zpay-webhooks/1",
        "webhook-id": event.id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      maxReplyBytes: options.maxReplyBytes ?? WEBHOOK_MAX_REPLY_BYTES,
      destination: options.destination,
      stop: options.stop,
    });
    const ok = statusCode >= 200 && statusCode < 300;
    return { statusCode, error: ok ? null : `HTTP ${statusCode}`, durationMs: duration(), aborted: false };
  } catch (err) {
    return { statusCode: null, error: failureOf(err), durationMs: duration(), aborted: err instanceof PostAbortedError };
  }
}

/**
 * Makes one delivery attempt of an event if one is due: records it (committed) before sending,
 * fills it in with the answer, and schedules the next one (or gives up after the last).
 */
export async function deliverWebhookEvent(
  deps: WebhookDeps,
  eventId: string,
  options: WebhookOptions & { manual?: boolean } = {},
): Promise<DeliveryResult> {
  const now = options.now ?? (() => new Date());
  const schedule = options.retryScheduleMs ?? WEBHOOK_RETRY_SCHEDULE_MS;
  const startedAt = now();
  const begun = await begin(deps.db, eventId, startedAt, {
    leaseMs: options.leaseMs ?? WEBHOOK_LEASE_MS,
    maxAttempts: schedule.length + 1,
    manual: options.manual ?? false,
  });
  if (begun.outcome !== "sending") return begun;
  const { event } = begun;

  const sent = await post(begun.url, begun.secret, event, startedAt, options);
  const cycle = event.cycleAttempts + 1;
  const delivered = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
  const delay = schedule[cycle - 1];
  const outcome = delivered ? "delivered" : delay === undefined ? "failed" : "retry";
  webhookAttemptsMetric.inc({ outcome: delivered ? "delivered" : sent.aborted ? "interrupted" : "failed" });
  const nextRetryAt = outcome === "retry" ? new Date(now().getTime() + delay!) : null;

  const attempt = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookAttempts)
      .set({ statusCode: sent.statusCode, error: sent.error, durationMs: sent.durationMs, nextRetryAt, state: sent.aborted ? "interrupted" : "done" })
      .where(eq(webhookAttempts.id, begun.attempt.id))
      .returning();
    // Only while this attempt's lease holds: past it, another process owns the event.
    await tx
      .update(webhookEvents)
      .set({ status: outcome === "retry" ? "pending" : outcome, nextAttemptAt: nextRetryAt, leaseUntil: null, deliveredAt: delivered ? now() : null })
      .where(and(eq(webhookEvents.id, event.id), eq(webhookEvents.leaseUntil, event.leaseUntil!)));
    return row;
  });
  deps.log?.info({ eventId: event.id, attempt: attempt.attempt, statusCode: sent.statusCode, outcome, interrupted: sent.aborted }, "webhook attempt");
  if (nextRetryAt) await enqueueWebhookEvents(deps.queue, [event.id], deps.log, { startAfter: nextRetryAt });
  return { outcome, attempt };
}

/** Re-enqueues every due event whose job may have been lost. @returns how many. */
export async function sweepWebhookEvents(deps: WebhookDeps, now = new Date(), limit = 500): Promise<number> {
  const due = await deps.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.status, "pending"),
        lte(webhookEvents.nextAttemptAt, now),
        or(isNull(webhookEvents.leaseUntil), lte(webhookEvents.leaseUntil, now)),
      ),
    )
    .limit(limit);
  await enqueueWebhookEvents(
    deps.queue,
    due.map((d) => d.id),
    deps.log,
  );
  return due.length;
}

/**
 * The merchant asks for an event again: a new retry cycle starts at once (the full schedule
 * again). Another merchant's event answers undefined, like an unknown one.
 * @throws {NoEndpointError} when the merchant has no webhook endpoint to deliver to.
 */
export async function redeliverWebhookEvent(
  deps: WebhookDeps,
  userId: string,
  eventId: string,
  now = new Date(),
): Promise<WebhookEventRow | undefined> {
  const [integration] = await deps.db
    .select({ apiHook: merchantIntegrations.apiHook })
    .from(merchantIntegrations)
    .where(eq(merchantIntegrations.userId, userId));
  const [own] = await deps.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.userId, userId)));
  if (!own) return undefined;
  if (!integration?.apiHook) throw new NoEndpointError();
  const [row] = await deps.db
    .update(webhookEvents)
    .set({ status: "pending", cycleAttempts: 0, nextAttemptAt: now, deliveredAt: null })
    .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.userId, userId)))
    .returning();
  await enqueueWebhookEvents(deps.queue, [row.id], deps.log, { manual: true });
  return row;
}

export class NoEndpointError extends Error {
  constructor() {
    super("Set a webhook endpoint before redelivering");
    this.name = "NoEndpointError";
  }
}

/** The delivery log of some events, oldest attempt first, grouped by event. */
export async function attemptsOf(db: Db, eventIds: readonly string[]): Promise<Map<string, WebhookAttemptRow[]>> {
  const map = new Map<string, WebhookAttemptRow[]>();
  if (eventIds.length === 0) return map;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.eventId, [...eventIds]))
    .orderBy(webhookAttempts.eventId, webhookAttempts.attempt);
  for (const row of rows) map.set(row.eventId, [...(map.get(row.eventId) ?? []), row]);
  return map;
}

export interface WebhookWorkerOptions extends WebhookOptions {
  /** Fallback poll of the delivery queue when LISTEN/NOTIFY is unavailable (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** Backstop poll while NOTIFY wakes the worker; it picks up retries that come due (seconds, ≥ 0.5). */
  notifyPollingIntervalSeconds?: number;
  /** Jobs taken per fetch (they are handed to the dispatcher, not awaited). */
  batchSize?: number;
  /** In-flight caps, per merchant and in all. */
  limits?: Partial<DispatcherLimits>;
}

export interface WebhookWorker {
  dispatcher: WebhookDispatcher;
  /**
   * Takes no new jobs, forgets the waiting ones (their events stay pending in the outbox) and waits
   * for the deliveries in flight; after `abortAfterMs` those are cut short and recorded as interrupted.
   */
  stop(options?: { abortAfterMs?: number }): Promise<void>;
}

/** The owners of some events, for the dispatcher's per-merchant turns. */
async function ownersOf(db: Db, eventIds: readonly string[]): Promise<Map<string, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ id: webhookEvents.id, userId: webhookEvents.userId })
    .from(webhookEvents)
    .where(inArray(webhookEvents.id, [...eventIds]));
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/**
 * Starts the delivery worker and the sweeper on the app's queue, and sweeps once at start.
 * A new job wakes the worker at once: the delivery queue is notify-enabled and the queue listens
 * (pg-boss LISTEN/NOTIFY, in process on PGlite, across processes on PostgreSQL), the poll being
 * only a backstop. The worker hands each job to the fair dispatcher and returns, so one merchant's
 * slow endpoint never holds up the fetch of other merchants' events.
 */
export async function startWebhookWorker(boss: Queue, database: Database, log: Logger, options: WebhookWorkerOptions = {}): Promise<WebhookWorker> {
  const deps: WebhookDeps = { db: database.db, queue: boss, log };
  const stopping = new AbortController();
  const dispatcher = new WebhookDispatcher(
    (task) =>
      deliverWebhookEvent(deps, task.eventId, { ...options, stop: stopping.signal, manual: task.manual }).catch((err: unknown) =>
        log.error({ err, eventId: task.eventId }, "webhook delivery failed; the sweeper will retry"),
      ),
    options.limits,
  );
  const offer = async (events: { eventId: string; manual: boolean }[]) => {
    const owners = await ownersOf(
      database.db,
      events.map((e) => e.eventId),
    );
    for (const { eventId, manual } of events) {
      const userId = owners.get(eventId);
      if (userId) dispatcher.offer({ eventId, userId, manual });
    }
  };
  await boss.createQueue(WEBHOOK_QUEUES.deliver, { notify: true });
  // Databases made before the queue was notify-enabled: createQueue leaves an existing queue as it is.
  await boss.updateQueue(WEBHOOK_QUEUES.deliver, { notify: true });
  await boss.createQueue(WEBHOOK_QUEUES.sweep);
  await boss.work<{ eventId: string; manual?: boolean }>(
    WEBHOOK_QUEUES.deliver,
    {
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
      notifyPollingIntervalSeconds: options.notifyPollingIntervalSeconds ?? 5,
      batchSize: options.batchSize ?? 50,
      burstWhenBatchFull: true,
    },
    async (jobs) => offer(jobs.map((j) => ({ eventId: j.data.eventId, manual: j.data.manual ?? false }))),
  );
  localWorkers.set(boss, (eventIds, manual) => offer(eventIds.map((eventId) => ({ eventId, manual }))));
  await boss.schedule(WEBHOOK_QUEUES.sweep, WEBHOOK_SWEEP_CRON);
  await boss.work(WEBHOOK_QUEUES.sweep, async () => {
    const n = await sweepWebhookEvents(deps, options.now?.());
    if (n > 0) log.info({ n }, "webhook sweeper re-enqueued due events");
  });
  await sweepWebhookEvents(deps, options.now?.());
  return {
    dispatcher,
    stop: async ({ abortAfterMs } = {}) => {
      localWorkers.delete(boss);
      const cut = abortAfterMs === undefined ? undefined : setTimeout(() => stopping.abort(), abortAfterMs);
      try {
        await boss.offWork(WEBHOOK_QUEUES.deliver);
        await dispatcher.drain();
      } finally {
        clearTimeout(cut);
      }
    },
  };
}
