import { Connection, PublicKey } from "@solana/web3.js";
import type { Logger } from "../logger";
import { findReference } from "../chains/solana/find-reference";
import { readTransaction } from "../chains/solana/read-transaction";
import { solanaFact, type SolanaPaymentFact } from "../payments/solana-facts";

/** A payment the watcher follows until it is validated, or failed and past the grace period. */
export interface WatchedPayment {
  id: string;
  chainId: number;
  reference: string;
  recipientTokenAccount: string;
  memo?: string;
  status: "initiated" | "paid" | "validated" | "failed";
  /** The credited signature once paid. */
  signature?: string;
  expiresAt: Date;
}

/** Where the watcher reports facts; bound to the payments service (one transaction per fact). */
export interface PaymentSink {
  listPending(chainId: number): Promise<WatchedPayment[]>;
  /** Applies a fact and answers the payment's state after it. */
  apply(paymentId: string, fact: SolanaPaymentFact | { kind: "expired" }): Promise<WatchedPayment | undefined>;
}

export interface SolanaWatcherOptions {
  chainId: number;
  rpcUrl: string;
  wsUrl?: string;
  /** Fallback polling period; WebSocket notifications usually arrive first. */
  pollMs?: number;
  /** How long an expired payment is still watched for a late transfer. */
  lateGraceMs?: number;
  now?: () => number;
}

export interface SolanaWatcher {
  /** Starts following a new payment (the pay API calls this right after creating it). */
  watch(payment: WatchedPayment): void;
  /** One full pass over every followed payment (tests and the poll timer). */
  pollNow(): Promise<void>;
  readonly size: number;
  stop(): Promise<void>;
}

interface Entry {
  payment: WatchedPayment;
  logsSubscription?: number;
  signatureSubscription?: number;
  /** Checks of one payment run one after another, never interleaved. */
  chain: Promise<void>;
  /** Signatures already reported at confirmed: each is read once, not on every poll. */
  seen: Set<string>;
}

/**
 * Follows pending Solana payments by their reference key: a `logsSubscribe` on the reference and a
 * `signatureSubscribe` at finalized once paid wake it at once; polling every `pollMs` catches
 * whatever a dropped socket missed. On start it resumes every pending payment from the
 * database, so a transfer confirmed while the process was down is found on the first pass.
 */
export async function startSolanaWatcher(sink: PaymentSink, log: Logger, options: SolanaWatcherOptions): Promise<SolanaWatcher> {
  const { chainId, pollMs = 2_000, lateGraceMs = 60 * 60_000, now = Date.now } = options;
  const connection = new Connection(options.rpcUrl, { commitment: "confirmed", wsEndpoint: options.wsUrl });
  const entries = new Map<string, Entry>();
  let stopped = false;

  const unsubscribe = (entry: Entry) => {
    if (entry.logsSubscription !== undefined) void connection.removeOnLogsListener(entry.logsSubscription).catch(() => {});
    if (entry.signatureSubscription !== undefined) void connection.removeSignatureListener(entry.signatureSubscription).catch(() => {});
    entry.logsSubscription = entry.signatureSubscription = undefined;
  };

  const done = (p: WatchedPayment) =>
    p.status === "validated" || (p.status === "failed" && now() > p.expiresAt.getTime() + lateGraceMs);

  const report = async (entry: Entry, fact: Parameters<PaymentSink["apply"]>[1]) => {
    const next = await sink.apply(entry.payment.id, fact);
    if (next) entry.payment = next;
  };

  /** Looks at the chain for one payment and reports what changed. */
  const check = async (entry: Entry) => {
    const p = entry.payment;
    if (p.status === "initiated" || p.status === "failed") {
      for (const { signature } of await findReference(connection, p.reference, "confirmed")) {
        if (entry.seen.has(signature)) continue;
        const observed = await readTransaction(connection, signature, "confirmed");
        if (!observed) continue; // listed but not readable yet: next pass
        entry.seen.add(signature);
        const fact = solanaFact(observed, p, "confirmed");
        if (fact) await report(entry, fact);
        if (entry.payment.status === "paid") break;
      }
      if (entry.payment.status === "initiated" && now() > p.expiresAt.getTime()) await report(entry, { kind: "expired" });
    }
    const paid = entry.payment;
    if (paid.status === "paid" && paid.signature) {
      const observed = await readTransaction(connection, paid.signature, "finalized");
      const fact = observed && solanaFact(observed, paid, "finalized");
      if (fact) await report(entry, fact);
      else if (entry.signatureSubscription === undefined) {
        // One-shot: web3.js drops it after the notification, so forget the id then (removing it again only logs noise).
        entry.signatureSubscription = connection.onSignature(
          paid.signature,
          () => {
            entry.signatureSubscription = undefined;
            void schedule(entry);
          },
          "finalized",
        );
      }
    }
    if (done(entry.payment)) {
      unsubscribe(entry);
      entries.delete(entry.payment.id);
    }
  };

  const schedule = (entry: Entry) => {
    entry.chain = entry.chain
      .then(() => (stopped || !entries.has(entry.payment.id) ? undefined : check(entry)))
      .catch((err: unknown) => log.warn({ err, payment: entry.payment.id }, "solana watcher check failed; polling will retry"));
    return entry.chain;
  };

  const watch = (payment: WatchedPayment) => {
    if (stopped || entries.has(payment.id)) return;
    const entry: Entry = { payment, chain: Promise.resolve(), seen: new Set() };
    entries.set(payment.id, entry);
    try {
      entry.logsSubscription = connection.onLogs(new PublicKey(payment.reference), () => void schedule(entry), "confirmed");
    } catch (err) {
      log.warn({ err, payment: payment.id }, "could not subscribe to the reference; polling only");
    }
    void schedule(entry);
  };

  const pollNow = async () => {
    await Promise.all([...entries.values()].map(schedule));
  };

  for (const payment of await sink.listPending(chainId)) watch(payment);
  const timer = setInterval(() => void pollNow(), pollMs);
  timer.unref();
  log.info({ chainId, resumed: entries.size }, "solana watcher started");

  return {
    watch,
    pollNow,
    get size() {
      return entries.size;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...entries.values()].map((e) => e.chain));
      for (const entry of entries.values()) unsubscribe(entry);
      entries.clear();
    },
  };
}
