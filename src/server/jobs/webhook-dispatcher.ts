/**
 * Runs webhook deliveries side by side, fairly between merchants: at most `perMerchant` of one
 * merchant's deliveries are in flight, at most `total` in all, and merchants with work waiting
 * take turns. So a merchant whose endpoint hangs holds at most `perMerchant` slots (each for one
 * attempt timeout) while everyone else's events keep flowing. Waiting events are only ids in
 * memory: the outbox row stays `pending`, so if the process stops the sweeper finds them again.
 */
export interface DispatcherLimits {
  perMerchant: number;
  total: number;
  /** Ids kept waiting per merchant; beyond, an id is dropped here and the sweeper offers it again later. */
  backlogPerMerchant: number;
}

export const DEFAULT_DISPATCHER_LIMITS: DispatcherLimits = { perMerchant: 2, total: 16, backlogPerMerchant: 1_000 };

export interface WebhookTask {
  eventId: string;
  userId: string;
  manual?: boolean;
}

export class WebhookDispatcher {
  readonly #run: (task: WebhookTask) => Promise<unknown>;
  readonly #limits: DispatcherLimits;
  /** Waiting tasks by merchant; Map order is the round-robin turn. */
  readonly #waiting = new Map<string, Map<string, WebhookTask>>();
  readonly #inFlight = new Map<string, number>();
  /** Events waiting or in flight, so a duplicate offer (job + sweeper) is not sent twice from here. */
  readonly #known = new Set<string>();
  #running = 0;
  #draining = false;
  #idle: (() => void)[] = [];

  constructor(run: (task: WebhookTask) => Promise<unknown>, limits: Partial<DispatcherLimits> = {}) {
    this.#run = run;
    this.#limits = { ...DEFAULT_DISPATCHER_LIMITS, ...limits };
  }

  /** Queues a delivery and starts whatever the limits allow; never waits for the delivery. */
  offer(task: WebhookTask): void {
    if (this.#draining || this.#known.has(task.eventId)) return;
    const queue = this.#waiting.get(task.userId) ?? new Map<string, WebhookTask>();
    if (queue.size >= this.#limits.backlogPerMerchant) return;
    queue.set(task.eventId, task);
    this.#waiting.set(task.userId, queue);
    this.#known.add(task.eventId);
    this.#pump();
  }

  /** Deliveries in flight now, for one merchant or in all. */
  inFlight(userId?: string): number {
    return userId === undefined ? this.#running : (this.#inFlight.get(userId) ?? 0);
  }

  /**
   * For a stop: forgets the waiting tasks (their events stay pending in the outbox, for the sweeper
   * of whichever process runs next), takes no more, and resolves once the ones in flight are done.
   */
  drain(): Promise<void> {
    this.#draining = true;
    for (const queue of this.#waiting.values()) for (const eventId of queue.keys()) this.#known.delete(eventId);
    this.#waiting.clear();
    return this.idle();
  }

  /** Resolves once nothing is in flight or waiting (for a graceful stop). */
  idle(): Promise<void> {
    if (this.#known.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #pump(): void {
    let started = true;
    while (started && this.#running < this.#limits.total) {
      started = false;
      for (const [userId, queue] of this.#waiting) {
        if (this.#running >= this.#limits.total) break;
        if ((this.#inFlight.get(userId) ?? 0) >= this.#limits.perMerchant) continue;
        const [eventId, task] = queue.entries().next().value!;
        queue.delete(eventId);
        // Served: this merchant goes to the back of the turn.
        this.#waiting.delete(userId);
        if (queue.size > 0) this.#waiting.set(userId, queue);
        this.#start(task);
        started = true;
      }
    }
  }

  #start(task: WebhookTask): void {
    this.#running++;
    this.#inFlight.set(task.userId, (this.#inFlight.get(task.userId) ?? 0) + 1);
    void this.#run(task)
      .catch(() => {})
      .finally(() => {
        this.#running--;
        const left = (this.#inFlight.get(task.userId) ?? 1) - 1;
        if (left > 0) this.#inFlight.set(task.userId, left);
        else this.#inFlight.delete(task.userId);
        this.#known.delete(task.eventId);
        this.#pump();
        if (this.#known.size === 0) for (const resolve of this.#idle.splice(0)) resolve();
      });
  }
}
