import type { Logger } from "pino";
import { accountChanged, EMPTY_ACCOUNT, type AccountState } from "./bank/account";
import type { TransactionErrorJson } from "./bank/errors";
import { Bank, type Execution } from "./bank/svm";
import { BlockhashQueue } from "./blockhashes";
import { FINALITY_DEPTH } from "./constants";
import { AccountHistory } from "./ledger/account-history";
import { commitmentOf, slotAt, type Commitment } from "./ledger/commitment";
import { Recorder } from "./ledger/recorder";
import { TokenIndex } from "./ledger/token-index";
import type { AccountKey, RecordedTransaction } from "./ledger/types";
import { isStaticWritable, type DecodedTransaction } from "./parse/decode-transaction";
import { tokenBalances } from "./parse/token-balances";
import { readMint, readTokenAccount } from "./parse/token-layout";
import { feeFor } from "./pipeline/fee";
import { resolveLookups, type LoadedAddresses } from "./pipeline/resolve-lookups";
import { verifySignatures } from "./pipeline/verify-signatures";

export interface Simulation extends Execution {
  postAccounts: Map<string, AccountState>;
  loaded: LoadedAddresses;
}

interface Waiter {
  signature: string;
  commitment: Commitment;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * The validator: one bank (litesvm), the slot tip, recent blockhashes, and everything litesvm
 * does not keep (transaction history, the address index, per-slot undo log for commitment
 * reads, the token-owner index). Single-threaded: every call runs to completion, so slots and
 * transactions never interleave.
 */
export class SolanaNetwork {
  readonly bank = new Bank();
  readonly recorder = new Recorder();
  readonly blockhashes = new BlockhashQueue();
  private readonly history = new AccountHistory();
  private readonly tokens = new TokenIndex();
  private readonly decimals = new Map<string, number>();
  private readonly transactionListeners = new Set<(record: RecordedTransaction) => void>();
  private readonly slotListeners = new Set<(tip: number) => void>();
  private readonly waiters = new Set<Waiter>();
  private tipSlot = 0;
  private slotStartedAt = Date.now();

  constructor(private readonly log?: Logger) {
    this.blockhashes.add(0, this.bank.nextBlockhash());
    this.bank.setClock(0, Math.floor(this.slotStartedAt / 1000));
  }

  get tip(): number {
    return this.tipSlot;
  }

  slotAt(commitment: Commitment): number {
    return slotAt(commitment, this.tipSlot);
  }

  onTransaction(listener: (record: RecordedTransaction) => void): () => void {
    this.transactionListeners.add(listener);
    return () => this.transactionListeners.delete(listener);
  }

  onSlot(listener: (tip: number) => void): () => void {
    this.slotListeners.add(listener);
    return () => this.slotListeners.delete(listener);
  }

  /** One slot passes: a new blockhash, the Clock sysvar, then commitment notifications. */
  advance(): void {
    this.tipSlot += 1;
    this.slotStartedAt = Date.now();
    this.blockhashes.add(this.tipSlot, this.bank.nextBlockhash());
    this.bank.setClock(this.tipSlot, Math.floor(this.slotStartedAt / 1000));
    for (const listener of this.slotListeners) {
      try {
        listener(this.tipSlot);
      } catch (err) {
        this.log?.error({ err }, "slot listener failed");
      }
    }
    for (const waiter of this.waiters) {
      const record = this.recorder.get(waiter.signature);
      if (record && this.reached(record.slot, waiter.commitment)) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
    // After the notifications: finalized reads never look at or below this slot again.
    this.history.prune(this.tipSlot - FINALITY_DEPTH);
  }

  /** Whether a transaction landed in `slot` is visible at `commitment` now. */
  reached(slot: number, commitment: Commitment): boolean {
    return slot <= this.slotAt(commitment);
  }

  /** How far a transaction landed in `slot` has got. */
  commitmentOf(slot: number): Commitment {
    return commitmentOf(slot, this.tipSlot);
  }

  /** Resolves once `signature` is recorded and has reached `commitment`. */
  waitFor(signature: string, commitment: Commitment): Promise<void> {
    const record = this.recorder.get(signature);
    if (record && this.reached(record.slot, commitment)) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.add({ signature, commitment, resolve, reject }));
  }

  /** Fails every pending waitFor (the network is stopping). */
  rejectWaiters(reason: Error): void {
    for (const waiter of this.waiters) waiter.reject(reason);
    this.waiters.clear();
  }

  /** Unix seconds of the current slot. */
  get blockTime(): number {
    return Math.floor(this.slotStartedAt / 1000);
  }

  // ---- reads --------------------------------------------------------------------------------

  /** The account as of `slot` (a commitment's slot). */
  account(address: string, slot: number): AccountState | null {
    return this.history.at(address, slot, () => this.bank.account(address));
  }

  /** Decimals of an initialized mint (immutable once set, so cached). */
  decimalsOf(mint: string): number | undefined {
    const cached = this.decimals.get(mint);
    if (cached !== undefined) return cached;
    const decimals = readMint(this.bank.account(mint))?.decimals;
    if (decimals !== undefined) this.decimals.set(mint, decimals);
    return decimals;
  }

  /** Token accounts currently indexed for `owner` (callers re-read them at their slot). */
  tokenAccountsOf(owner: string): string[] {
    return this.tokens.accountsOf(owner);
  }

  accountsWrittenIn(slot: number): ReadonlySet<string> {
    return this.history.writtenIn(slot);
  }

  // ---- transactions -------------------------------------------------------------------------

  /** Whether every required signature verifies. */
  verify(tx: DecodedTransaction): boolean {
    return verifySignatures(tx);
  }

  /** The checks a bank at `slot` makes before executing: blockhash age, then the status cache. */
  checkAt(tx: DecodedTransaction, slot: number): TransactionErrorJson | null {
    if (!this.blockhashes.isValidAt(tx.message.recentBlockhash, slot)) return "BlockhashNotFound";
    const landed = this.recorder.get(tx.signature);
    if (landed && landed.slot <= slot) return "AlreadyProcessed";
    return null;
  }

  /**
   * Executes without committing, against the accounts as they were at `slot`: the message's
   * accounts written since are swapped back to their older state for the run, then restored.
   */
  simulateAt(tx: DecodedTransaction, slot: number): Simulation {
    const resolved = resolveLookups(tx.message, (address) => this.account(address, slot));
    const empty = { logs: [], unitsConsumed: 0, innerInstructions: [], returnData: null, postAccounts: new Map(), loaded: { writable: [], readonly: [] } };
    if ("err" in resolved) return { ...empty, err: resolved.err };
    const keys = [...tx.message.staticKeys, ...resolved.writable, ...resolved.readonly];
    const swapped: [string, AccountState | null][] = [];
    for (const key of new Set(keys)) {
      if (!this.history.writtenAfter(key, slot)) continue;
      const then = this.account(key, slot);
      swapped.push([key, this.bank.account(key)]);
      this.bank.setAccount(key, then ?? EMPTY_ACCOUNT);
    }
    try {
      return { ...this.bank.simulate(tx.raw), loaded: resolved };
    } finally {
      for (const [key, now] of swapped) this.bank.setAccount(key, now ?? EMPTY_ACCOUNT);
    }
  }

  /**
   * Lands a transaction in the current slot and records it, or drops it the way a leader does
   * (unknown/expired blockhash, duplicate, bad signature, fee not payable): then undefined.
   * A transaction that fails while executing still lands, with its error, and pays its fee.
   */
  land(tx: DecodedTransaction, options: { verified: boolean }): RecordedTransaction | undefined {
    const { message } = tx;
    const slot = this.tipSlot;
    const dropped = this.checkAt(tx, slot) ?? (options.verified || verifySignatures(tx) ? null : "SignatureFailure");
    if (dropped) return this.drop(tx, dropped);
    const loaded = resolveLookups(message, (address) => this.bank.account(address));
    if ("err" in loaded) return this.drop(tx, loaded.err);

    const staticCount = message.staticKeys.length;
    const keys = [...message.staticKeys, ...loaded.writable, ...loaded.readonly];
    const writable = keys.map((_, i) => (i < staticCount ? isStaticWritable(message, i) : i < staticCount + loaded.writable.length));
    const pre = keys.map((key) => this.bank.accountUnlessProgram(key));
    const execution = this.bank.execute(tx.raw);
    const post = keys.map((key, i) => (writable[i] && pre[i] !== "program" ? this.bank.account(key) : pre[i]!));
    const lamports = (state: AccountState | null | "program", key: string) => (state === "program" ? this.bank.lamports(key) : (state?.lamports ?? 0n));
    const preBalances = keys.map((key, i) => lamports(pre[i]!, key));
    const postBalances = keys.map((key, i) => lamports(post[i]!, key));
    // A failed transaction that was charged nothing never made it into a block (e.g. the fee
    // payer cannot pay): a leader drops it and nothing is recorded.
    if (execution.err && postBalances[0]! >= preBalances[0]!) return this.drop(tx, execution.err);

    keys.forEach((key, i) => {
      const before = pre[i]!;
      const after = post[i]!;
      if (!writable[i] || before === "program" || after === "program" || !accountChanged(before, after)) return;
      this.history.remember(slot, key, before);
      this.tokens.update(key, readTokenAccount(after)?.owner);
    });

    const states = (list: (AccountState | null | "program")[]) => list.map((s) => (s === "program" ? null : s));
    const decimalsOf = (mint: string) => this.decimalsOf(mint);
    const accountKeys: AccountKey[] = keys.map((pubkey, i) => ({
      pubkey,
      signer: i < message.header.numRequiredSignatures,
      writable: writable[i]!,
      source: i < staticCount ? "transaction" : "lookupTable",
    }));
    const record = this.recorder.add({
      signature: tx.signature,
      slot,
      blockTime: this.blockTime,
      err: execution.err,
      version: message.version,
      transaction: tx,
      accountKeys,
      logs: execution.logs,
      meta: {
        err: execution.err,
        fee: execution.err ? preBalances[0]! - postBalances[0]! : feeFor(message),
        preBalances,
        postBalances,
        preTokenBalances: tokenBalances(states(pre), decimalsOf),
        postTokenBalances: tokenBalances(states(post), decimalsOf),
        logMessages: execution.logs,
        innerInstructions: execution.innerInstructions,
        computeUnitsConsumed: execution.unitsConsumed,
        returnData: execution.returnData,
        loadedAddresses: loaded,
      },
    });
    for (const listener of this.transactionListeners) {
      try {
        listener(record);
      } catch (err) {
        this.log?.error({ err }, "transaction listener failed");
      }
    }
    return record;
  }

  private drop(tx: DecodedTransaction, reason: TransactionErrorJson): undefined {
    this.log?.debug({ signature: tx.signature, reason }, "transaction dropped");
    return undefined;
  }
}
