import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { PublicKey, type Connection } from "@solana/web3.js";
import { and, eq, inArray, sql } from "drizzle-orm";
import { findSignatures } from "../chains/solana/find-reference";
import { readTransaction } from "../chains/solana/read-transaction";
import type { ObservedTransaction, ObservedTransfer } from "../chains/solana/extract-transfers";
import type { Db } from "../db/client";
import { merchantWallets, paymentCredits, receivingAccountScans, transactions } from "../db/schema";
import type { Logger } from "../logger";
import { ownerOf, walletClaim, type AddressClaim } from "../payments/address-owners";
import { applyFact, type PaymentDeps } from "../payments/service";
import { solanaFacts, solanaParties } from "../payments/solana-facts";
import { recordUnmapped } from "../payments/unmapped";

/**
 * The receiving-account scan: nothing that reaches a merchant goes unrecorded. Watchers follow
 * payments by their reference, which misses money sent without one, sent long after a payment
 * stopped being watched, or hidden from the reference lookup. So, periodically, every merchant's
 * receiving token account is read (its finalized history since a cursor kept in the database),
 * and every transfer into it that no payment was credited with is:
 * - credited to the transaction whose reference the transfer's transaction names, when there is
 *   one and the payment rules accept it (a late payment after the watcher gave up), else
 * - recorded as **unmapped** (`unmapped_transfers`, a `payment.unmapped` event) for the merchant.
 * A transfer recorded unmapped that a watcher credits later is removed from the unmapped list by
 * the crediting itself (payments/service.ts).
 */

export interface ReceivingScanDeps {
  db: Db;
  connection: Connection;
  chainId: number;
  /** Token mints whose receiving accounts are scanned (the chain's USDC, USDT). */
  mints: readonly string[];
  /** For crediting a late transfer (screening and webhook enqueueing included). */
  payments: PaymentDeps;
  log?: Logger;
  now?: () => Date;
}

export interface ScanResult {
  accounts: number;
  transactionsRead: number;
  credited: number;
  unmapped: number;
}

interface ReceivingAccount {
  account: string;
  userId: string;
  mint: string;
  /** The first scan of an account skips what came before the merchant received here (its older history is not ours). */
  since: Date;
}

/** Block times are whole seconds and clocks differ: the first scan looks this far before `since`. */
const SINCE_SLACK_MS = 5 * 60_000;

/**
 * Every token account a merchant receives at: each attached wallet's token account per mint, and
 * every one a payment named, each given to the merchant who owns it (`ownerOf`: a merchant who
 * typed in another's address gets nothing from it; an account shared by merchants none of whom
 * proved it is given to nobody, and not scanned).
 */
async function receivingAccounts(deps: ReceivingScanDeps): Promise<ReceivingAccount[]> {
  const claims = new Map<string, { mint: string; claims: AddressClaim[] }>();
  const claim = (account: string, mint: string, c: AddressClaim) => {
    const entry = claims.get(account) ?? { mint, claims: [] };
    entry.claims.push(c);
    claims.set(account, entry);
  };
  const wallets = await deps.db
    .select({ userId: merchantWallets.userId, address: merchantWallets.address, provenAt: merchantWallets.provenAt, createdAt: merchantWallets.createdAt })
    .from(merchantWallets)
    .where(eq(merchantWallets.chainId, deps.chainId));
  for (const w of wallets) {
    for (const mint of deps.mints) {
      try {
        claim(getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(w.address), true).toBase58(), mint, walletClaim(w));
      } catch {
        // Not a Solana address (the attach rules refuse those; an old row is skipped, not fatal).
      }
    }
  }
  const named = await deps.db
    .select({
      account: transactions.recipientTokenAccount,
      userId: transactions.userId,
      mint: transactions.tokenAddress,
      since: sql<Date>`min(${transactions.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(transactions)
    .where(eq(transactions.chainId, deps.chainId))
    .groupBy(transactions.recipientTokenAccount, transactions.userId, transactions.tokenAddress);
  for (const n of named) claim(n.account, n.mint, { userId: n.userId, held: false, proven: false, since: n.since });
  return [...claims].flatMap(([account, { mint, claims: all }]) => {
    const owner = ownerOf(all);
    return owner ? [{ account, userId: owner.userId, mint, since: owner.since }] : [];
  });
}

async function isCredited(db: Db, chainId: number, signature: string, t: ObservedTransfer): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentCredits.id })
    .from(paymentCredits)
    .where(
      and(
        eq(paymentCredits.chainId, chainId),
        eq(paymentCredits.signature, signature),
        eq(paymentCredits.instructionIndex, t.instructionIndex),
        eq(paymentCredits.innerIndex, t.innerIndex),
      ),
    );
  return row !== undefined;
}

/** Offers the transfer to the transactions its transaction names by reference; true when one credited it. */
async function creditToNamedPayment(deps: ReceivingScanDeps, observed: ObservedTransaction, t: ObservedTransfer): Promise<boolean> {
  const named = await deps.db.select().from(transactions).where(and(eq(transactions.chainId, deps.chainId), inArray(transactions.reference, observed.accountKeys)));
  for (const tx of named) {
    const expected = { chainId: tx.chainId, reference: tx.reference, recipientTokenAccount: tx.recipientTokenAccount, memo: tx.memo ?? undefined };
    const fact = solanaFacts(observed, expected, "finalized").find(
      (f) => f.kind === "transfer" && f.instructionIndex === t.instructionIndex && (f.innerIndex ?? -1) === t.innerIndex,
    );
    if (!fact) continue;
    const result = await applyFact(deps.payments, tx.id, fact);
    if (result?.credited) return true;
  }
  return false;
}

async function scanAccount(deps: ReceivingScanDeps, target: ReceivingAccount, result: ScanResult): Promise<void> {
  const [cursor] = await deps.db
    .select()
    .from(receivingAccountScans)
    .where(and(eq(receivingAccountScans.chainId, deps.chainId), eq(receivingAccountScans.account, target.account)));
  const signatures = await findSignatures(deps.connection, target.account, "finalized", { until: cursor?.lastSignature ?? undefined, maxPages: 2 });
  const firstScanFrom = cursor ? 0 : Math.floor((target.since.getTime() - SINCE_SLACK_MS) / 1000);
  for (const { signature, err, blockTime } of signatures) {
    const before = blockTime !== undefined && blockTime < firstScanFrom;
    if (!err && !before) {
      const observed = await readTransaction(deps.connection, signature, "finalized");
      if (!observed) return; // listed but not readable yet: the cursor stays, the next scan retries
      result.transactionsRead++;
      for (const t of observed.transfers) {
        if (t.destination !== target.account || t.amount <= 0n || t.source === t.destination) continue;
        if (await isCredited(deps.db, deps.chainId, signature, t)) continue;
        if (await creditToNamedPayment(deps, observed, t)) {
          result.credited++;
          continue;
        }
        const recorded = await recordUnmapped(
          deps.db,
          {
            userId: target.userId,
            chainId: deps.chainId,
            tokenAddress: t.mint ?? target.mint,
            recipientTokenAccount: target.account,
            signature,
            instructionIndex: t.instructionIndex,
            innerIndex: t.innerIndex,
            source: t.source,
            payer: t.sourceOwner ?? t.authority,
            parties: solanaParties(observed, t),
            amount: t.amount,
            memos: observed.memos,
            slot: observed.slot,
            blockTime: observed.blockTime,
          },
          deps.now?.(),
        );
        if (recorded) {
          result.unmapped++;
          deps.log?.warn({ account: target.account, signature, amount: t.amount.toString() }, "unmapped transfer recorded");
          await deps.payments.afterCommit?.(recorded.eventIds);
        }
      }
    }
    // Each transaction is done before the cursor moves past it: a crash resumes where it stopped.
    await deps.db
      .insert(receivingAccountScans)
      .values({ chainId: deps.chainId, account: target.account, userId: target.userId, lastSignature: signature, scannedAt: deps.now?.() ?? new Date() })
      .onConflictDoUpdate({
        target: [receivingAccountScans.chainId, receivingAccountScans.account],
        set: { lastSignature: signature, scannedAt: deps.now?.() ?? new Date() },
      });
  }
}

/**
 * One pass over every receiving account of a chain. An account whose RPC read fails is skipped
 * (logged) and tried again next pass; the others go on.
 */
export async function scanReceivingAccounts(deps: ReceivingScanDeps): Promise<ScanResult> {
  const result: ScanResult = { accounts: 0, transactionsRead: 0, credited: 0, unmapped: 0 };
  for (const target of await receivingAccounts(deps)) {
    result.accounts++;
    try {
      await scanAccount(deps, target, result);
    } catch (err) {
      deps.log?.warn({ err, account: target.account }, "receiving account scan failed; the next pass retries");
    }
  }
  return result;
}

/** Runs `scanReceivingAccounts` every `everyMs` (one pass at a time); answers how to stop. */
export function startReceivingScan(deps: ReceivingScanDeps, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? undefined : scanReceivingAccounts(deps))).catch((err: unknown) => deps.log?.warn({ err }, "receiving account scan failed"));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
