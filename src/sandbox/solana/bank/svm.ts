import { base58 } from "../parse/base58";
import bs58 from "bs58";
// litesvm's public `LiteSVM` class wants @solana/kit 8 types, while the kit hoisted in this
// tree is 7.x; that wrapper only re-encodes a kit Transaction into wire bytes and calls the
// native class below. We hold raw wire bytes already, so we call the native class directly.
import { Account, Clock, FailedTransactionMetadata, LiteSvm, type TransactionMetadata } from "litesvm/dist/internal.js";
import type { AccountState } from "./account";
import { transactionErrorJson, type TransactionErrorJson } from "./errors";
import { SLOTS_PER_EPOCH } from "../constants";

export interface InnerInstructionRecord {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight: number;
}

/** One execution, copied into plain JS (litesvm results are native handles). */
export interface Execution {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: number;
  /** Per top-level instruction, the instructions it invoked. */
  innerInstructions: InnerInstructionRecord[][];
  returnData: { programId: string; data: Uint8Array } | null;
}

function copyMeta(meta: TransactionMetadata, err: TransactionErrorJson | null): Execution {
  const returned = meta.returnData();
  const returnData = returned.data().length > 0 ? { programId: base58(returned.programId()), data: Uint8Array.from(returned.data()) } : null;
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
    innerInstructions: meta.innerInstructions().map((list) =>
      list.map((inner) => {
        const ix = inner.instruction();
        return { programIdIndex: ix.programIdIndex(), accounts: Array.from(ix.accounts()), data: Uint8Array.from(ix.data()), stackHeight: inner.stackHeight() };
      }),
    ),
    returnData,
  };
}

const keyBytes = (address: string) => bs58.decode(address);

/**
 * The runtime: litesvm with the builtins, sysvars and SPL programs (Token, Token-2022,
 * Associated Token, Memo v1/v2) that `new LiteSvm()` loads. Its own checks that this server
 * does itself, the way a real node orders them, are off: signature verification (preflight
 * answers -32003 before simulating), the blockhash check (litesvm accepts only its latest hash;
 * a cluster accepts any of the last 150) and the history (litesvm forgets; the recorder does not).
 */
export class Bank {
  private readonly svm = new LiteSvm();
  /** Program accounts (large, immutable here): read for their lamports only. */
  private readonly programs = new Set<string>();

  constructor() {
    this.svm.setSigverify(false);
    this.svm.setBlockhashCheck(false);
    this.svm.setTransactionHistory(0n);
  }

  account(address: string): AccountState | null {
    const account = this.svm.getAccount(keyBytes(address));
    if (!account) return null;
    const state = { lamports: account.lamports(), owner: base58(account.owner()), executable: account.executable(), data: Uint8Array.from(account.data()) };
    if (state.executable) this.programs.add(address);
    return state;
  }

  /** The account, unless it is a known program (then null: callers only need its lamports). */
  accountUnlessProgram(address: string): AccountState | null | "program" {
    return this.programs.has(address) ? "program" : this.account(address);
  }

  lamports(address: string): bigint {
    return this.svm.getBalance(keyBytes(address)) ?? 0n;
  }

  /** Genesis only: writes an account without a transaction (like a genesis config's accounts). */
  setAccount(address: string, state: AccountState): void {
    this.svm.setAccount(keyBytes(address), new Account(state.lamports, state.data, keyBytes(state.owner), state.executable, 0n));
  }

  /** Executes and commits. Failed transactions still pay their fee (litesvm charges it). */
  execute(raw: Uint8Array): Execution {
    const result = this.svm.sendVersionedTransaction(raw);
    return result instanceof FailedTransactionMetadata ? copyMeta(result.meta(), transactionErrorJson(result)) : copyMeta(result, null);
  }

  /** Executes without committing; `postAccounts` holds what the transaction would write. */
  simulate(raw: Uint8Array): Execution & { postAccounts: Map<string, AccountState> } {
    const result = this.svm.simulateVersionedTransaction(raw);
    if (result instanceof FailedTransactionMetadata) return { ...copyMeta(result.meta(), transactionErrorJson(result)), postAccounts: new Map() };
    const postAccounts = new Map<string, AccountState>();
    for (const entry of result.postAccounts()) {
      const account = entry.account();
      postAccounts.set(base58(entry.address), {
        lamports: account.lamports(),
        owner: base58(account.owner()),
        executable: account.executable(),
        data: Uint8Array.from(account.data()),
      });
    }
    return { ...copyMeta(result.meta(), null), postAccounts };
  }

  rentExemptMinimum(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  /** A fresh blockhash for a new slot (litesvm's chain of hashes). */
  nextBlockhash(): string {
    this.svm.expireBlockhash();
    return this.svm.latestBlockhash();
  }

  /** Keeps the Clock sysvar in step with the slot clock, so programs read the same slot and time. */
  setClock(slot: number, unixTimestamp: number): void {
    this.svm.setClock(new Clock(BigInt(slot), 0n, BigInt(Math.floor(slot / SLOTS_PER_EPOCH)), BigInt(Math.floor(slot / SLOTS_PER_EPOCH)), BigInt(unixTimestamp)));
  }
}
