/** An account as plain JS, copied out of litesvm's native handle at once. */
export interface AccountState {
  lamports: bigint;
  /** Owning program, base58. */
  owner: string;
  executable: boolean;
  data: Uint8Array;
}

/** What a deleted account looks like to RPC notifications (agave reports an empty system account). */
export const EMPTY_ACCOUNT: AccountState = {
  lamports: 0n,
  owner: "11111111111111111111111111111111",
  executable: false,
  data: new Uint8Array(0),
};

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether two snapshots differ (a transaction wrote the account). */
export function accountChanged(before: AccountState | null, after: AccountState | null): boolean {
  if (!before || !after) return before !== after;
  return before.lamports !== after.lamports || before.owner !== after.owner || before.executable !== after.executable || !sameBytes(before.data, after.data);
}
