import type { WebhookEvent } from "./types.ts";
import { header, verifyWebhook, type HeaderSource, type VerifyOptions } from "./webhook.ts";

/**
 * How long a `webhook-id` is remembered by default: a day, longer than zpay's whole retry schedule
 * (about 17.6 h from the first attempt to the last). A merchant's redelivery after that is new work.
 */
export const DEDUPE_TTL_SECONDS = 24 * 60 * 60;

/**
 * Where the ids of webhooks already taken are kept. The default (`memorySeenStore`) lives in one
 * process; when several processes receive webhooks, give a store they share, whose `claim` is
 * atomic: SQL `INSERT … ON CONFLICT DO NOTHING` (new when a row was inserted), Redis
 * `SET key 1 NX EX ttl` (new when it answers OK).
 */
export interface SeenStore {
  /** Records `id` for `ttlSeconds` unless it is already there: answers true when it was new. */
  claim(id: string, ttlSeconds: number): boolean | Promise<boolean>;
  /** Forgets `id`, so the next delivery of it is taken again (your handler failed). */
  forget(id: string): void | Promise<void>;
}

/** The default SeenStore: in this process's memory, each id until its TTL, the oldest dropped past `maxEntries`. */
export function memorySeenStore(options: { maxEntries?: number; now?: () => Date } = {}): SeenStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = () => (options.now?.() ?? new Date()).getTime();
  /** id → expiry (epoch ms), in insertion order, so the oldest comes first. */
  const seen = new Map<string, number>();
  const prune = (at: number) => {
    for (const [id, until] of seen) {
      if (until > at && seen.size <= maxEntries) break;
      seen.delete(id);
    }
  };
  return {
    claim(id, ttlSeconds) {
      const at = now();
      const until = seen.get(id);
      if (until !== undefined && until > at) return false;
      seen.delete(id);
      seen.set(id, at + ttlSeconds * 1000);
      prune(at);
      return true;
    },
    forget(id) {
      seen.delete(id);
    },
  };
}

export interface WebhookVerifierOptions extends VerifyOptions {
  /** The signing secret (`whsec_…`). */
  secret: string;
  /** Where taken ids are kept; `memorySeenStore()` by default (one process). */
  seen?: SeenStore;
  /** How long an id is remembered; DEDUPE_TTL_SECONDS by default. */
  ttlSeconds?: number;
}

export interface VerifiedWebhook {
  /** The `webhook-id`: the same on every delivery of one event. */
  id: string;
  event: WebhookEvent;
  /** Already taken (an earlier delivery of this event): acknowledge it with a 2xx and do nothing. */
  duplicate: boolean;
}

export interface WebhookVerifier {
  /**
   * Verifies a webhook (as `verifyWebhook`) and claims its id: `duplicate` is true when the id was
   * already claimed. Call `forget(id)` if you then fail to process it, so zpay's retry is taken.
   * @throws {WebhookVerificationError} before anything is claimed.
   */
  verify(body: string | Uint8Array, headers: HeaderSource): Promise<VerifiedWebhook>;
  /**
   * Verifies, then runs `handler` once per event: a duplicate is skipped; when `handler` throws,
   * the id is forgotten (answer non-2xx and zpay retries) and the error thrown again.
   * @returns what `verify` answers.
   */
  handle(body: string | Uint8Array, headers: HeaderSource, handler: (event: WebhookEvent, id: string) => unknown): Promise<VerifiedWebhook>;
  forget(id: string): Promise<void>;
}

/**
 * A verifier that also drops repeated deliveries. zpay records every attempt before it sends it,
 * but a receiver can still get one event twice (zpay stopped before your answer reached it, or
 * your 2xx was lost on the way): the `webhook-id` is the same each time, so deduplicate on it.
 */
export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  const seen = options.seen ?? memorySeenStore({ now: options.now });
  const ttl = options.ttlSeconds ?? DEDUPE_TTL_SECONDS;
  const verify = async (body: string | Uint8Array, headers: HeaderSource): Promise<VerifiedWebhook> => {
    const event = verifyWebhook(options.secret, body, headers, options);
    // verifyWebhook refuses a webhook without a webhook-id, so there is one here.
    const id = header(headers, "webhook-id")!;
    return { id, event, duplicate: !(await seen.claim(id, ttl)) };
  };
  return {
    verify,
    async handle(body, headers, handler) {
      const verified = await verify(body, headers);
      if (verified.duplicate) return verified;
      try {
        await handler(verified.event, verified.id);
      } catch (err) {
        await seen.forget(verified.id);
        throw err;
      }
      return verified;
    },
    forget: async (id) => {
      await seen.forget(id);
    },
  };
}
