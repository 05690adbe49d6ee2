import { randomBytes } from "node:crypto";

/** A transfer on the fake chain: everything a real family's watcher reads from its chain, and nothing more. */
export interface FakeTransfer {
  hash: string;
  from: string;
  to: string;
  token: string;
  amount: bigint;
  /** The payment's (or refund's) reference, which the transfer carries. */
  reference: string;
}

/** The fake chain's whole history, in memory: tests send on it, the family's watcher and refund lookup read it. */
export class FakeLedger {
  readonly transfers: FakeTransfer[] = [];

  /** Records a transfer at once (the fake chain is final on arrival) and answers its hash. */
  send(transfer: Omit<FakeTransfer, "hash">): string {
    const hash = `fake-${randomBytes(8).toString("hex")}`;
    this.transfers.push({ ...transfer, hash });
    return hash;
  }

  /** The transfers carrying `reference`, oldest first. */
  withReference(reference: string): FakeTransfer[] {
    return this.transfers.filter((t) => t.reference === reference);
  }

  /** What `address` holds of `token`: everything it received less everything it sent. */
  balanceOf(address: string, token: string): bigint {
    return this.transfers.filter((t) => t.token === token).reduce((sum, t) => sum + (t.to === address ? t.amount : 0n) - (t.from === address ? t.amount : 0n), 0n);
  }
}
