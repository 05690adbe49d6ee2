import { EMPTY_ACCOUNT } from "./bank/account";
import { FINALITY_DEPTH } from "./constants";
import { encodeAccount, type AccountView } from "./encode/ui-account";
import { slotAt, type Commitment } from "./ledger/commitment";
import type { RecordedTransaction } from "./ledger/types";
import type { SolanaNetwork } from "./network";

/** Delivers one notification: `${kind}Notification` with `{ result, subscription }`. */
export type Notify = (method: string, subscription: number, result: unknown) => void;

export type SubscriptionKind = "signature" | "account" | "logs" | "slot" | "root";

interface Base {
  id: number;
  notify: Notify;
}
interface SignatureSub extends Base {
  kind: "signature";
  signature: string;
  commitment: Commitment;
  receivedNotification: boolean;
}
interface AccountSub extends Base {
  kind: "account";
  address: string;
  commitment: Commitment;
  view: AccountView;
}
interface LogsSub extends Base {
  kind: "logs";
  /** null: every transaction ("all"). */
  mentions: string | null;
  commitment: Commitment;
}
interface SlotSub extends Base {
  kind: "slot" | "root";
}
type Subscription = SignatureSub | AccountSub | LogsSub | SlotSub;

const COMMITTED: Commitment[] = ["confirmed", "finalized"];

/**
 * PubSub state, independent of the transport. Notifications follow commitment the way agave's
 * RpcSubscriptions do: `processed` as a transaction lands, `confirmed`/`finalized` when the
 * slot it landed in reaches that depth. A signature subscription fires once, then is removed
 * by the server (web3.js relies on this).
 */
export class SubscriptionHub {
  private nextId = 0;
  private readonly byId = new Map<number, Subscription>();
  private readonly signatures = new Map<string, Set<SignatureSub>>();
  private readonly accounts = new Map<string, Set<AccountSub>>();
  private readonly logs = new Set<LogsSub>();
  private readonly slots = new Set<SlotSub>();
  private readonly detach: (() => void)[];

  constructor(private readonly net: SolanaNetwork) {
    this.detach = [net.onTransaction((record) => this.landed(record)), net.onSlot((tip) => this.slotReached(tip))];
  }

  close(): void {
    for (const off of this.detach) off();
    this.byId.clear();
  }

  /**
   * Subscribes to a signature. When it already reached the commitment, `afterReply` sends the
   * single notification (it must follow the subscribe response on the wire).
   */
  signature(signature: string, commitment: Commitment, receivedNotification: boolean, notify: Notify): { id: number; afterReply?: () => void } {
    const sub: SignatureSub = { kind: "signature", id: ++this.nextId, signature, commitment, receivedNotification, notify };
    const record = this.net.recorder.get(signature);
    if (record && this.net.reached(record.slot, commitment)) {
      return { id: sub.id, afterReply: () => notify("signatureNotification", sub.id, { context: { slot: record.slot }, value: { err: record.err } }) };
    }
    this.byId.set(sub.id, sub);
    const set = this.signatures.get(signature);
    if (set) set.add(sub);
    else this.signatures.set(signature, new Set([sub]));
    return { id: sub.id };
  }

  account(address: string, commitment: Commitment, view: AccountView, notify: Notify): number {
    const sub: AccountSub = { kind: "account", id: ++this.nextId, address, commitment, view, notify };
    this.byId.set(sub.id, sub);
    const set = this.accounts.get(address);
    if (set) set.add(sub);
    else this.accounts.set(address, new Set([sub]));
    return sub.id;
  }

  logsFor(mentions: string | null, commitment: Commitment, notify: Notify): number {
    const sub: LogsSub = { kind: "logs", id: ++this.nextId, mentions, commitment, notify };
    this.byId.set(sub.id, sub);
    this.logs.add(sub);
    return sub.id;
  }

  slot(kind: "slot" | "root", notify: Notify): number {
    const sub: SlotSub = { kind, id: ++this.nextId, notify };
    this.byId.set(sub.id, sub);
    this.slots.add(sub);
    return sub.id;
  }

  /** False when `id` is not a live subscription of that kind. */
  unsubscribe(kind: SubscriptionKind, id: number): boolean {
    const sub = this.byId.get(id);
    if (!sub || sub.kind !== kind) return false;
    this.byId.delete(id);
    if (sub.kind === "signature") this.signatures.get(sub.signature)?.delete(sub);
    else if (sub.kind === "account") this.accounts.get(sub.address)?.delete(sub);
    else if (sub.kind === "logs") this.logs.delete(sub);
    else this.slots.delete(sub);
    return true;
  }

  private notifySignature(record: RecordedTransaction, commitment: Commitment): void {
    const set = this.signatures.get(record.signature);
    if (!set) return;
    for (const sub of set) {
      if (sub.commitment !== commitment) continue;
      sub.notify("signatureNotification", sub.id, { context: { slot: record.slot }, value: { err: record.err } });
      this.unsubscribe("signature", sub.id);
    }
    if (set.size === 0) this.signatures.delete(record.signature);
  }

  private notifyLogs(record: RecordedTransaction, commitment: Commitment): void {
    for (const sub of this.logs) {
      if (sub.commitment !== commitment) continue;
      if (sub.mentions !== null && !record.accountKeys.some((k) => k.pubkey === sub.mentions)) continue;
      sub.notify("logsNotification", sub.id, { context: { slot: record.slot }, value: { err: record.err, logs: record.logs, signature: record.signature } });
    }
  }

  private notifyAccount(address: string, slot: number, commitment: Commitment): void {
    const set = this.accounts.get(address);
    if (!set) return;
    const state = this.net.account(address, slot) ?? EMPTY_ACCOUNT;
    for (const sub of set) {
      if (sub.commitment !== commitment) continue;
      sub.notify("accountNotification", sub.id, { context: { slot }, value: encodeAccount(state, sub.view, (mint) => this.net.decimalsOf(mint)) });
    }
  }

  private landed(record: RecordedTransaction): void {
    for (const sub of this.signatures.get(record.signature) ?? []) {
      if (sub.receivedNotification) sub.notify("signatureNotification", sub.id, { context: { slot: record.slot }, value: "receivedSignature" });
    }
    this.notifySignature(record, "processed");
    this.notifyLogs(record, "processed");
    // A failed transaction only charged its fee payer.
    const written = record.err ? record.accountKeys.slice(0, 1) : record.accountKeys.filter((k) => k.writable);
    for (const key of written) this.notifyAccount(key.pubkey, record.slot, "processed");
  }

  private slotReached(tip: number): void {
    for (const sub of this.slots) {
      if (sub.kind === "slot") sub.notify("slotNotification", sub.id, { parent: tip - 1, root: Math.max(0, tip - FINALITY_DEPTH), slot: tip });
      else sub.notify("rootNotification", sub.id, Math.max(0, tip - FINALITY_DEPTH));
    }
    for (const commitment of COMMITTED) {
      const slot = slotAt(commitment, tip);
      if (slot < 0) continue;
      for (const record of this.net.recorder.inSlot(slot)) {
        this.notifySignature(record, commitment);
        this.notifyLogs(record, commitment);
      }
      for (const address of this.net.accountsWrittenIn(slot)) this.notifyAccount(address, slot, commitment);
    }
  }
}
