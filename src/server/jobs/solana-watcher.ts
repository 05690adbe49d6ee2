import { PublicKey } from "@solana/web3.js";
import type { PaymentStatus } from "@/lib/payment-status";
import type { Logger } from "../logger";
import { findReference, findSignatures } from "../chains/solana/find-reference";
import { readTransaction } from "../chains/solana/read-transaction";
import { readAccountKeys } from "../chains/solana/read-account-keys";
import { settleSubscriptions } from "../chains/solana/settle-subscriptions";
import { solanaConnection, type SolanaEndpoint } from "../chains/solana/connection";
import { chainHealth } from "../chains/chain-health";
import { solanaFacts, type SolanaPaymentFact } from "../payments/solana-facts";
import { coalescedRun } from "./coalesced-run";
import { keyedRunQueue } from "./keyed-run-queue";
import { pollDelay } from "./poll-backoff";

/** A payment the watcher follows until it is validated, or failed and past the grace period. */
export interface WatchedPayment {
  id: string;
  chainId: number;
  reference: string;
  recipientTokenAccount: string;
  memo?: string;
  status: PaymentStatus;
  /** The credited signature once paid. */
  signature?: string;
  /** Signatures of credited transfers not yet seen at finalized (a payment may take several). */
  unfinalized: string[];
  /** When it became paid: a paid payment that never finalizes fails after `finalityTimeoutMs`. */
  paidAt?: Date;
  expiresAt: Date;
  /** When it was created: a young payment is polled often, an old one rarely. */
  createdAt: Date;
}

/** Where the watcher reports facts; bound to the payments service (one transaction per fact). */
export interface PaymentSink {
  /** Pending payments of a chain; with `createdSince`, only those created since then (new-row discovery). */
  listPending(chainId: number, options?: { createdSince?: Date }): Promise<WatchedPayment[]>;
  /** Applies a fact and answers the payment's state after it. */
  apply(paymentId: string, fact: SolanaPaymentFact | { kind: "expired" } | { kind: "finality-timeout"; timeoutMs: number }): Promise<WatchedPayment | undefined>;
}

export interface SolanaWatcherOptions extends SolanaEndpoint {
  /** Fallback polling period of a young payment; WebSocket notifications usually arrive first. */
  pollMs?: number;
  /** Polling period an old payment backs off to (see `pollDelay`). */
  maxPollMs?: number;
  /**
   * How often each receiving account with pending payments is listed for new transactions, in case
   * its logs subscription missed one (default 5 × pollMs). Payments that saw no chain activity are
   * looked at only when their account shows some, so they cost no call each.
   */
  accountPollMs?: number;
  /** How often a payment that saw no chain activity is still looked up by its reference (default 15 × maxPollMs), within `sweepPerMinute`. */
  sweepMs?: number;
  /** At most this many such lookups a minute, however many payments wait (default 60): the sweep slows down instead of growing. */
  sweepPerMinute?: number;
  /** RPC checks in flight at once, however many payments are pending. */
  concurrency?: number;
  /** How often the table is read for payments any process created (ms); `wakeups` make it immediate. */
  discoverMs?: number;
  /** How often every pending payment is read again from the table, in case a new-row read missed one. */
  resyncMs?: number;
  /** Calls back when a payment is announced (LISTEN/NOTIFY, see payment-wakeups.ts); answers how to stop. */
  wakeups?: (onNew: (chainId: number) => void) => Promise<() => Promise<void>>;
  /** Where in its period a payment's first re-poll lands, in [0, 1) (default Math.random). */
  random?: () => number;
  /** How long an expired payment is still watched for a late transfer. */
  lateGraceMs?: number;
  /** How long a paid payment may wait for finality before it fails `not_finalized`. */
  finalityTimeoutMs?: number;
  now?: () => number;
}

export interface SolanaWatcher {
  /** Starts following a payment at once (new rows are found in the table by `discover`). */
  watch(payment: WatchedPayment): void;
  /** Reads the table for payments created since the last read, and follows them. */
  discover(): Promise<void>;
  /** One full pass over every followed payment (tests and the bench). */
  pollNow(): Promise<void>;
  readonly size: number;
  /** Receiving token accounts with a logs subscription (one per account, not per payment). */
  readonly subscriptions: number;
  stop(): Promise<void>;
}

interface Entry {
  payment: WatchedPayment;
  signatureSubscription?: number;
  /** When the poll timer checks it next (ms since the epoch); notifications check it sooner. */
  nextPollAt: number;
  /** Whether it was checked once: the first re-poll lands at a random point of its period. */
  checked?: boolean;
  /** Signatures already reported at confirmed: each is read once, not on every poll. */
  seen: Set<string>;
  /** Newest reference signature up to which every older one was read (the next listing stops there). */
  readUpTo?: string;
}

/** A receiving token account with pending payments: one logs subscription wakes all of them. */
interface Account {
  subscription?: number;
  ids: Set<string>;
  /** Newest signature the account poll listed: the next listing stops there. */
  cursor?: string;
  /** When the account is listed next (ms since the epoch). */
  nextPollAt: number;
}

/**
 * A confirmed Solana transaction is finalized about 13 s later unless a fork dropped it; ten
 * minutes without finality means it will not come, and the payment fails `not_finalized`.
 */
export const DEFAULT_FINALITY_TIMEOUT_MS = 10 * 60_000;

/** New-row reads look this far behind the newest row seen: clocks of app processes differ and inserts commit late. */
const DISCOVERY_OVERLAP_MS = 10_000;
/** A notification on an account with more pending payments than this reads the transaction once to find which one it pays. */
const ROUTE_ABOVE = 3;

/**
 * Follows a chain's pending Solana payments, found in the database (the only hand-off between
 * processes): every payment at start (a transfer confirmed while the process was down is found on
 * the first pass), then new rows since a cursor every `discoverMs`, at once when `wakeups` announces
 * one. One `logsSubscribe` per merchant receiving token account and a `signatureSubscribe` at
 * finalized once paid wake a payment's check at once; polling, frequent for young payments and
 * rare for old ones, catches whatever a dropped socket missed. At most `concurrency` checks run
 * at a time, and one payment's checks never interleave.
 */
export async function startSolanaWatcher(sink: PaymentSink, log: Logger, options: SolanaWatcherOptions): Promise<SolanaWatcher> {
  const { chainId, pollMs = 2_000, maxPollMs = 60_000, concurrency = 8, lateGraceMs = 60 * 60_000, now = Date.now } = options;
  const accountPollMs = options.accountPollMs ?? 5 * pollMs;
  const sweepMs = options.sweepMs ?? 15 * maxPollMs;
  const sweepPerMinute = options.sweepPerMinute ?? 60;
  const finalityTimeoutMs = options.finalityTimeoutMs ?? DEFAULT_FINALITY_TIMEOUT_MS;
  const discoverMs = options.discoverMs ?? pollMs;
  const random = options.random ?? Math.random;
  const resyncMs = options.resyncMs ?? 60_000;
  const connection = solanaConnection(options, "confirmed");
  const entries = new Map<string, Entry>();
  const byReference = new Map<string, Entry>();
  const accounts = new Map<string, Account>();
  const queue = keyedRunQueue(concurrency, (key, err) => log.warn({ err, payment: key }, "solana watcher check failed; polling will retry"));
  let stopped = false;

  const unsubscribe = (entry: Entry) => {
    if (entry.signatureSubscription !== undefined) void connection.removeSignatureListener(entry.signatureSubscription).catch(() => {});
    entry.signatureSubscription = undefined;
    const account = accounts.get(entry.payment.recipientTokenAccount);
    if (!account?.ids.delete(entry.payment.id) || account.ids.size > 0) return;
    if (account.subscription !== undefined) void connection.removeOnLogsListener(account.subscription).catch(() => {});
    accounts.delete(entry.payment.recipientTokenAccount);
  };

  const done = (p: WatchedPayment) =>
    p.status === "validated" || (p.status === "failed" && now() > p.expiresAt.getTime() + lateGraceMs);

  const report = async (entry: Entry, fact: Parameters<PaymentSink["apply"]>[1]) => {
    const next = await sink.apply(entry.payment.id, fact);
    if (next) entry.payment = next;
  };

  /** Reports every fact of one transaction (several transfers may pay one payment). */
  const reportAll = async (entry: Entry, facts: readonly SolanaPaymentFact[]) => {
    for (const fact of facts) await report(entry, fact);
  };

  /** Looks at the chain for one payment and reports what changed. */
  const check = async (entry: Entry) => {
    const p = entry.payment;
    if (p.status !== "validated") {
      // Every transaction naming the reference, newer than the last one fully read; each is read once.
      let complete = true;
      for (const { signature } of await findReference(connection, p.reference, "confirmed", { until: entry.readUpTo })) {
        if (entry.seen.has(signature)) continue;
        const observed = await readTransaction(connection, signature, "confirmed");
        if (!observed) {
          complete = false; // listed but not readable yet: next pass, and the cursor waits for it
          continue;
        }
        entry.seen.add(signature);
        if (complete) entry.readUpTo = signature;
        await reportAll(entry, solanaFacts(observed, p, "confirmed"));
      }
      if (entry.payment.status === "initiated" && now() > p.expiresAt.getTime()) await report(entry, { kind: "expired" });
    }
    // Credited transfers not yet final: read each at finalized; wait on the first still pending.
    const waiting = entry.payment.status === "validated" ? [] : entry.payment.unfinalized;
    let pending: string | undefined;
    for (const signature of waiting) {
      const observed = await readTransaction(connection, signature, "finalized");
      if (observed) await reportAll(entry, solanaFacts(observed, entry.payment, "finalized"));
      else pending ??= signature;
    }
    if (pending && entry.signatureSubscription === undefined) {
      // One-shot: web3.js drops it after the notification, so forget the id then (removing it again only logs noise).
      entry.signatureSubscription = connection.onSignature(
        pending,
        () => {
          entry.signatureSubscription = undefined;
          schedule(entry);
        },
        "finalized",
      );
    }
    const paid = entry.payment;
    if (paid.status === "paid" && paid.paidAt && now() >= paid.paidAt.getTime() + finalityTimeoutMs) {
      await report(entry, { kind: "finality-timeout", timeoutMs: finalityTimeoutMs });
    }
    if (done(entry.payment)) {
      unsubscribe(entry);
      entries.delete(entry.payment.id);
      byReference.delete(entry.payment.reference);
    }
  };

  /**
   * A payment no transaction was seen for (unpaid, or expired unpaid in its grace period): its
   * receiving account's activity wakes it, so polling it by reference is only a slow sweep.
   */
  const quiet = (entry: Entry) => {
    const p = entry.payment;
    return entry.seen.size === 0 && p.unfinalized.length === 0 && (p.status === "initiated" || (p.status === "failed" && !p.signature));
  };

  /**
   * When polling looks at a payment again: soon while young or paid, rarely once old, a quiet one
   * only every `sweepMs`, and none later than its expiry. `share` of the period (random after the
   * first check) spreads the payments a restart resumes all at once over their period instead of
   * polling them in the same second again.
   */
  const nextPoll = (entry: Entry, share = 1) => {
    const p = entry.payment;
    const period = p.status === "paid" ? pollMs : quiet(entry) ? sweepMs : pollDelay(now() - p.createdAt.getTime(), { minMs: pollMs, maxMs: maxPollMs });
    const at = now() + period * share;
    return p.status === "initiated" && p.expiresAt.getTime() > now() ? Math.min(at, p.expiresAt.getTime()) : at;
  };

  /** Checks a payment soon (queued behind at most `concurrency` running checks). */
  const schedule = (entry: Entry) => {
    if (stopped) return;
    queue.run(entry.payment.id, async () => {
      if (stopped || entries.get(entry.payment.id) !== entry) return;
      try {
        await check(entry);
        chainHealth.watched(chainId);
      } finally {
        entry.nextPollAt = nextPoll(entry, entry.checked ? 1 : random());
        entry.checked = true;
      }
    });
  };

  /** A transaction touched a receiving account: check the payment it names, or all of that account's when it cannot tell. */
  const onAccountLogs = (address: string, signature: string) => {
    const ids = [...(accounts.get(address)?.ids ?? [])];
    const waiting = ids.map((id) => entries.get(id)).filter((e): e is Entry => e !== undefined);
    if (waiting.length <= ROUTE_ABOVE) return waiting.forEach(schedule);
    queue.run(`route:${signature}`, async () => {
      const keys = await readAccountKeys(connection, signature, "confirmed").catch(() => undefined);
      if (!keys) return waiting.forEach(schedule); // not readable yet: the cheap guess is everyone on the account
      for (const key of keys) {
        const entry = byReference.get(key);
        if (entry) schedule(entry);
      }
    });
  };

  /**
   * Lists the account's transactions newer than its cursor and wakes the payments they name, as a
   * logs notification would (catches what a dropped socket missed). The first listing only sets
   * the cursor: the payments' own first check covers what came before.
   */
  const pollAccount = (address: string, account: Account) => {
    queue.run(`account:${address}`, async () => {
      if (stopped || accounts.get(address) !== account) return;
      const first = account.cursor === undefined;
      const found = await findSignatures(connection, address, "confirmed", first ? { maxPages: 1, pageSize: 1 } : { until: account.cursor, maxPages: 1, pageSize: 100 });
      if (found.length > 0) account.cursor = found[found.length - 1]!.signature;
      if (first) return;
      for (const s of found) if (!s.err) onAccountLogs(address, s.signature);
    });
  };

  const follow = (entry: Entry) => {
    const address = entry.payment.recipientTokenAccount;
    let account = accounts.get(address);
    if (!account) {
      account = { ids: new Set(), nextPollAt: now() + accountPollMs };
      accounts.set(address, account);
      pollAccount(address, account);
      try {
        account.subscription = connection.onLogs(new PublicKey(address), (logs) => logs.err === null && onAccountLogs(address, logs.signature), "confirmed");
      } catch (err) {
        log.warn({ err, account: address }, "could not subscribe to the receiving account; polling only");
      }
    }
    account.ids.add(entry.payment.id);
  };

  const watch = (payment: WatchedPayment) => {
    if (stopped || entries.has(payment.id)) return;
    const entry: Entry = { payment, nextPollAt: now(), seen: new Set() };
    entries.set(payment.id, entry);
    byReference.set(payment.reference, entry);
    follow(entry);
    schedule(entry);
  };

  /** Newest `createdAt` read so far: new-row reads start a little before it. */
  let cursor: number | undefined;
  const read = async (full: boolean) => {
    const since = full || cursor === undefined ? undefined : new Date(cursor - DISCOVERY_OVERLAP_MS);
    for (const payment of await sink.listPending(chainId, since && { createdSince: since })) {
      cursor = Math.max(cursor ?? 0, payment.createdAt.getTime());
      watch(payment);
    }
  };
  /** Reads run one at a time; a wake-up during a read asks for one more read after it. */
  const reads = coalescedRun(() => read(false), {
    stopped: () => stopped,
    onError: (err) => log.warn({ err, chainId }, "reading new payments failed; the next read retries"),
  });
  const discover = (): Promise<void> => reads.run();

  const pollNow = async () => {
    for (const entry of entries.values()) schedule(entry);
    await queue.idle();
  };

  await read(true);
  const stopListening = await options.wakeups?.((announced) => {
    if (announced === chainId && !stopped) void discover();
  });
  // Due payments are queued every tick; the queue keeps at most `concurrency` checks in flight.
  // Quiet ones within the sweep budget: a due one left over waits for a later tick.
  const tickMs = Math.min(pollMs, 1_000);
  let sweepCredit = 0;
  const pollTimer = setInterval(() => {
    const t = now();
    sweepCredit = Math.min(sweepCredit + (sweepPerMinute * tickMs) / 60_000, Math.max(1, sweepPerMinute));
    for (const entry of entries.values()) {
      if (entry.nextPollAt > t) continue;
      if (quiet(entry) && entry.checked) {
        if (sweepCredit < 1) continue;
        sweepCredit--;
      }
      schedule(entry);
    }
    for (const [address, account] of accounts) {
      if (account.nextPollAt > t) continue;
      account.nextPollAt = t + accountPollMs;
      pollAccount(address, account);
    }
  }, tickMs);
  // The chain answers again after an outage: what the socket missed meanwhile is listed now, not at
  // each account's next poll (up to accountPollMs later).
  const stopRecovery = chainHealth.onRecovered((recovered) => {
    if (recovered !== chainId || stopped) return;
    for (const [address, account] of accounts) {
      account.nextPollAt = now() + accountPollMs;
      pollAccount(address, account);
    }
  });
  const discoverTimer = setInterval(() => void discover(), discoverMs);
  const resyncTimer = setInterval(() => void read(true).catch((err: unknown) => log.warn({ err, chainId }, "pending payments resync failed")), resyncMs);
  for (const timer of [pollTimer, discoverTimer, resyncTimer]) timer.unref();
  log.info({ chainId, resumed: entries.size }, "solana watcher started");

  return {
    watch,
    discover,
    pollNow,
    get size() {
      return entries.size;
    },
    get subscriptions() {
      return accounts.size;
    },
    stop: async () => {
      stopped = true;
      stopRecovery();
      for (const timer of [pollTimer, discoverTimer, resyncTimer]) clearInterval(timer);
      await stopListening?.().catch(() => {});
      queue.clear();
      await Promise.allSettled([queue.idle(), reads.current]);
      for (const entry of entries.values()) unsubscribe(entry);
      entries.clear();
      byReference.clear();
      if (!(await settleSubscriptions(connection))) log.warn({ chainId }, "solana watcher stopped with subscriptions still open");
    },
  };
}
