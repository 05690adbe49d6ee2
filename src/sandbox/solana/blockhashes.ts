import { FINALITY_DEPTH, MAX_BLOCKHASH_AGE } from "./constants";

/**
 * The recent blockhashes: one per slot, usable while the tip is within MAX_BLOCKHASH_AGE slots
 * of the slot that made it (block height equals slot here: no slot is ever skipped).
 */
export class BlockhashQueue {
  private readonly bySlot = new Map<number, string>();
  private readonly slotOf = new Map<string, number>();

  add(slot: number, hash: string): void {
    this.bySlot.set(slot, hash);
    this.slotOf.set(hash, slot);
    // Keep what a read at finalized commitment may still ask about, drop the rest.
    const oldest = slot - MAX_BLOCKHASH_AGE - FINALITY_DEPTH - 1;
    const stale = this.bySlot.get(oldest);
    if (stale !== undefined) {
      this.bySlot.delete(oldest);
      this.slotOf.delete(stale);
    }
  }

  /** The blockhash of `slot` (getLatestBlockhash at a commitment). */
  at(slot: number): string | undefined {
    return this.bySlot.get(slot);
  }

  /** Whether a transaction carrying `hash` may land in (or be checked against) `slot`. */
  isValidAt(hash: string, slot: number): boolean {
    const made = this.slotOf.get(hash);
    return made !== undefined && made <= slot && slot <= made + MAX_BLOCKHASH_AGE;
  }

  /** The last block height at which `hash` is accepted. */
  lastValidBlockHeight(slot: number): number {
    return slot + MAX_BLOCKHASH_AGE;
  }
}
