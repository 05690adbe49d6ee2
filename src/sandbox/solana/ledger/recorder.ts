import type { RecordedTransaction } from "./types";

export interface HistoryQuery {
  /** Start searching backwards from this signature (exclusive). */
  before?: string;
  /** Stop at this signature (exclusive). */
  until?: string;
  limit: number;
  /** Newest slot visible at the caller's commitment. */
  maxSlot: number;
}

/** First index in `list` whose seq is >= `seq` (lists are in ledger order). */
function lowerBound(list: RecordedTransaction[], seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every landed transaction, by signature, by slot and by address (every account key of the
 * message, loaded addresses included), in ledger order. Nothing is ever dropped: the sandbox
 * keeps full history, like a node with an unbounded ledger.
 */
export class Recorder {
  private readonly bySignature = new Map<string, RecordedTransaction>();
  private readonly byAddress = new Map<string, RecordedTransaction[]>();
  private readonly bySlot = new Map<number, RecordedTransaction[]>();
  private readonly slotCounts: { slot: number; total: number }[] = [];
  private nextSeq = 0;

  get size(): number {
    return this.bySignature.size;
  }

  /** Assigns the ledger position and indexes the transaction. */
  add(record: Omit<RecordedTransaction, "seq">): RecordedTransaction {
    const full: RecordedTransaction = { ...record, seq: this.nextSeq++ };
    this.bySignature.set(full.signature, full);
    for (const key of new Set(full.accountKeys.map((k) => k.pubkey))) {
      const list = this.byAddress.get(key);
      if (list) list.push(full);
      else this.byAddress.set(key, [full]);
    }
    const inSlot = this.bySlot.get(full.slot);
    if (inSlot) inSlot.push(full);
    else this.bySlot.set(full.slot, [full]);
    const last = this.slotCounts.at(-1);
    if (last?.slot === full.slot) last.total += 1;
    else this.slotCounts.push({ slot: full.slot, total: (last?.total ?? 0) + 1 });
    return full;
  }

  get(signature: string): RecordedTransaction | undefined {
    return this.bySignature.get(signature);
  }

  /** Transactions of one slot, in order. */
  inSlot(slot: number): readonly RecordedTransaction[] {
    return this.bySlot.get(slot) ?? [];
  }

  /** How many transactions landed up to and including `slot` (getEpochInfo's transactionCount). */
  countThrough(slot: number): number {
    let total = 0;
    for (let i = this.slotCounts.length - 1; i >= 0; i--) {
      const entry = this.slotCounts[i]!;
      if (entry.slot <= slot) {
        total = entry.total;
        break;
      }
    }
    return total;
  }

  /** Newest first, as getSignaturesForAddress pages. A `before` the ledger does not know yields nothing, as on agave. */
  history(address: string, query: HistoryQuery): RecordedTransaction[] {
    const list = this.byAddress.get(address) ?? [];
    let end = list.length;
    if (query.before !== undefined) {
      const before = this.bySignature.get(query.before);
      if (!before) return [];
      end = lowerBound(list, before.seq);
    }
    const untilSeq = query.until !== undefined ? (this.bySignature.get(query.until)?.seq ?? -1) : -1;
    const out: RecordedTransaction[] = [];
    for (let i = end - 1; i >= 0 && out.length < query.limit; i--) {
      const record = list[i]!;
      if (record.seq <= untilSeq) break;
      if (record.slot <= query.maxSlot) out.push(record);
    }
    return out;
  }
}
