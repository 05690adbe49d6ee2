/**
 * Token accounts by owner (getTokenAccountsByOwner). litesvm cannot answer "which token
 * accounts does this wallet own" without scanning every account, so the network updates this
 * index from each transaction's written accounts.
 */
export class TokenIndex {
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly ownerOf = new Map<string, string>();

  /** Records that token account `account` now belongs to `owner` (or is gone / no token account: undefined). */
  update(account: string, owner: string | undefined): void {
    const previous = this.ownerOf.get(account);
    if (previous === owner) return;
    if (previous !== undefined) this.byOwner.get(previous)?.delete(account);
    if (owner === undefined) {
      this.ownerOf.delete(account);
      return;
    }
    this.ownerOf.set(account, owner);
    const set = this.byOwner.get(owner);
    if (set) set.add(account);
    else this.byOwner.set(owner, new Set([account]));
  }

  accountsOf(owner: string): string[] {
    return [...(this.byOwner.get(owner) ?? [])];
  }
}
