import type { AccountState } from "../bank/account";

interface Change {
  slot: number;
  /** The account as it was before the write (null: it did not exist). */
  before: AccountState | null;
}

/**
 * An undo log that makes account reads honour commitment. litesvm holds only the newest state;
 * for every write we keep the state it replaced, tagged with the slot of the write. The state
 * at slot C is the `before` of the first write after C, or the current state when there is
 * none. Writes older than the finalized slot can never matter again and are pruned.
 */
export class AccountHistory {
  private readonly changes = new Map<string, Change[]>();
  private readonly touched = new Map<number, Set<string>>();

  /** Records that `address` was written in `slot`, replacing `before`. */
  remember(slot: number, address: string, before: AccountState | null): void {
    const list = this.changes.get(address);
    const change = { slot, before };
    if (list) list.push(change);
    else this.changes.set(address, [change]);
    const inSlot = this.touched.get(slot);
    if (inSlot) inSlot.add(address);
    else this.touched.set(slot, new Set([address]));
  }

  /** The account at `slot`, given its current state. */
  at(address: string, slot: number, current: () => AccountState | null): AccountState | null {
    const list = this.changes.get(address);
    if (!list || list.length === 0 || list[list.length - 1]!.slot <= slot) return current();
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]!.slot > slot) hi = mid;
      else lo = mid + 1;
    }
    return list[lo]!.before;
  }

  /** Whether `address` was written after `slot` (its state at `slot` is not the current one). */
  writtenAfter(address: string, slot: number): boolean {
    const list = this.changes.get(address);
    return list !== undefined && list.length > 0 && list[list.length - 1]!.slot > slot;
  }

  /** Accounts written in `slot` (for account notifications once that slot reaches a commitment). */
  writtenIn(slot: number): ReadonlySet<string> {
    return this.touched.get(slot) ?? new Set();
  }

  /** Drops what no read can need any more: writes in slots up to `finalizedSlot`. */
  prune(finalizedSlot: number): void {
    for (const [slot, addresses] of this.touched) {
      if (slot > finalizedSlot) continue;
      for (const address of addresses) {
        const list = this.changes.get(address);
        if (!list) continue;
        let drop = 0;
        while (drop < list.length && list[drop]!.slot <= finalizedSlot) drop++;
        if (drop === list.length) this.changes.delete(address);
        else list.splice(0, drop);
      }
      this.touched.delete(slot);
    }
  }
}
