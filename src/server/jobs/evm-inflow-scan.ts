import { and, eq, sql } from "drizzle-orm";
import type { Address, PublicClient } from "viem";
import { extractProxyPayments } from "../chains/evm/extract-proxy-payments";
import { readBlockTime } from "../chains/evm/read-block-time";
import { readChainHead } from "../chains/evm/read-chain-head";
import { readReceipt } from "../chains/evm/read-receipt";
import { readTokenTransfers } from "../chains/evm/read-token-transfers";
import type { Db } from "../db/client";
import { merchantWallets, paymentCredits, retiredRoutes, transactions } from "../db/schema";
import type { Logger } from "../logger";
import { ownerOf, retiredRouteClaim, walletClaim, type AddressClaim } from "../payments/address-owners";
import type { PaymentDeps } from "../payments/service";
import { evmParties } from "../payments/evm-facts";
import { recordUnmapped } from "../payments/unmapped";
import type { EvmLogCursorStore } from "./evm-log-cursor";

/**
 * The EVM side of the receiving-account scan: nothing that reaches a merchant goes unrecorded.
 * Each pass reads the accepted tokens' ERC-20 `Transfer` logs into every merchant's EVM receiving
 * address, in the chain's final blocks after a cursor kept in the database (one per chain), and
 * records every transfer no payment was credited with as **unmapped** (a `payment.unmapped`
 * event). A transfer made through the fee proxy is keyed like its credit (hash and the proxy
 * log's index), so a watcher crediting it later removes it from the unmapped list; a plain
 * transfer is keyed by its own log index.
 */

/** The cursor key in `evm_log_cursors` (whose other rows are keyed by a fee proxy's address). */
export const EVM_INFLOW_CURSOR_KEY = "erc20-inflow-scan";
/** A first pass reads this many final blocks back, and only keeps what came after the merchant received there. */
export const FIRST_SCAN_BLOCKS = 1_000n;
/** At most this many blocks per pass: a long-stopped scan catches up over several passes. */
const MAX_BLOCKS_PER_PASS = 10_000n;
/** Block times are whole seconds and clocks differ: the first scan keeps what came this long before `since`. */
const SINCE_SLACK_MS = 5 * 60_000;

export interface EvmInflowScanDeps {
  db: Db;
  client: PublicClient;
  chainId: number;
  proxy: Address;
  /** The chain's accepted token contracts (its USDC, USDT), as the payment rows spell them. */
  tokens: readonly Address[];
  cursor: EvmLogCursorStore;
  /** `afterCommit` enqueues the `payment.unmapped` events. */
  payments: Pick<PaymentDeps, "afterCommit">;
  log?: Logger;
  now?: () => Date;
}

export interface EvmInflowPass {
  fromBlock: bigint;
  toBlock: bigint;
  transfers: number;
  unmapped: number;
}

interface Receiver {
  userId: string;
  /** As the merchant's wallet or payment rows spell it. */
  address: string;
  since: Date;
}

/**
 * Every EVM address a merchant receives at on this chain (their EVM wallet, a non-custodial
 * merchant's route contract even before any payment named it, the routes of wallets it replaced,
 * and any a payment named), by lowercase address, each given to the merchant who owns it
 * (`ownerOf`: a merchant who typed in another's address gets nothing from it; an address shared
 * by merchants none of whom proved it is given to nobody).
 */
async function receivers(deps: EvmInflowScanDeps): Promise<Map<string, Receiver>> {
  const claims = new Map<string, { address: string; claims: AddressClaim[] }>();
  const claim = (address: string, c: AddressClaim) => {
    const key = address.toLowerCase();
    const entry = claims.get(key) ?? { address, claims: [] };
    entry.claims.push(c);
    claims.set(key, entry);
  };
  const wallets = await deps.db
    .select({ userId: merchantWallets.userId, address: merchantWallets.address, route: merchantWallets.routeAddress, provenAt: merchantWallets.provenAt, createdAt: merchantWallets.createdAt })
    .from(merchantWallets)
    .where(eq(merchantWallets.family, "evm"));
  for (const w of wallets) {
    claim(w.address, walletClaim(w));
    if (w.route) claim(w.route, walletClaim(w, true));
  }
  // Routes of replaced wallets still receive (a payment started before the change, a payer who kept the address).
  const earlier = await deps.db
    .select({ userId: retiredRoutes.userId, route: retiredRoutes.routeAddress, since: retiredRoutes.verifiedAt })
    .from(retiredRoutes)
    .where(eq(retiredRoutes.chainId, deps.chainId));
  for (const r of earlier) claim(r.route, retiredRouteClaim(r));
  const named = await deps.db
    .select({
      address: transactions.recipientTokenAccount,
      userId: transactions.userId,
      since: sql<Date>`min(${transactions.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(transactions)
    .where(eq(transactions.chainId, deps.chainId))
    .groupBy(transactions.recipientTokenAccount, transactions.userId);
  for (const n of named) if (/^0x[0-9a-f]{40}$/i.test(n.address)) claim(n.address, { userId: n.userId, held: false, proven: false, since: n.since });
  const found = new Map<string, Receiver>();
  for (const [key, { address, claims: all }] of claims) {
    const owner = ownerOf(all);
    if (owner) found.set(key, { userId: owner.userId, address, since: owner.since });
  }
  return found;
}

async function isCredited(db: Db, chainId: number, hash: string, index: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentCredits.id })
    .from(paymentCredits)
    .where(and(eq(paymentCredits.chainId, chainId), sql`lower(${paymentCredits.signature}) = ${hash.toLowerCase()}`, eq(paymentCredits.instructionIndex, index)));
  return row !== undefined;
}

/** One pass: the final blocks after the cursor (at most MAX_BLOCKS_PER_PASS), then the cursor moves to the last one read. */
export async function scanEvmInflows(deps: EvmInflowScanDeps): Promise<EvmInflowPass | undefined> {
  const head = await readChainHead(deps.client);
  const cursor = await deps.cursor.read();
  const fromBlock = cursor ? cursor.blockNumber + 1n : head.finalized > FIRST_SCAN_BLOCKS ? head.finalized - FIRST_SCAN_BLOCKS : 0n;
  const toBlock = head.finalized - fromBlock >= MAX_BLOCKS_PER_PASS ? fromBlock + MAX_BLOCKS_PER_PASS - 1n : head.finalized;
  if (toBlock < fromBlock) return undefined;
  const pass: EvmInflowPass = { fromBlock, toBlock, transfers: 0, unmapped: 0 };
  const byAddress = await receivers(deps);
  const tokenSpelling = new Map(deps.tokens.map((t) => [t.toLowerCase(), t]));
  const transfers = await readTokenTransfers(deps.client, deps.tokens, [...byAddress.keys()] as Address[], fromBlock, toBlock);
  const blockTimes = new Map<bigint, Date>();
  for (const t of transfers) {
    const receiver = byAddress.get(t.to.toLowerCase());
    if (!receiver || t.value <= 0n || t.from.toLowerCase() === t.to.toLowerCase()) continue;
    pass.transfers++;
    if (!blockTimes.has(t.blockNumber)) blockTimes.set(t.blockNumber, (await readBlockTime(deps.client, t.blockNumber)).time);
    const blockTime = blockTimes.get(t.blockNumber)!;
    if (!cursor && blockTime.getTime() < receiver.since.getTime() - SINCE_SLACK_MS) continue; // before the merchant received here
    const receipt = await readReceipt(deps.client, t.transactionHash);
    if (!receipt) throw new Error(`the receipt of final transaction ${t.transactionHash} is missing`); // the cursor stays; the next pass retries
    const viaProxy = extractProxyPayments(receipt.logs, deps.proxy).find((p) => p.transfer?.logIndex === t.logIndex);
    const index = viaProxy ? viaProxy.logIndex : t.logIndex;
    if (await isCredited(deps.db, deps.chainId, t.transactionHash, index)) continue;
    const recorded = await recordUnmapped(
      deps.db,
      {
        userId: receiver.userId,
        chainId: deps.chainId,
        tokenAddress: tokenSpelling.get(t.token.toLowerCase()) ?? t.token,
        recipientTokenAccount: receiver.address,
        signature: t.transactionHash,
        instructionIndex: index,
        innerIndex: -1,
        source: t.from,
        payer: t.from,
        parties: [t.from, ...evmParties(receipt)],
        amount: t.value,
        memos: [],
        slot: Number(t.blockNumber),
        blockTime,
      },
      deps.now?.(),
    );
    if (recorded) {
      pass.unmapped++;
      deps.log?.warn({ chainId: deps.chainId, hash: t.transactionHash, amount: t.value.toString() }, "unmapped EVM transfer recorded");
      await deps.payments.afterCommit?.(recorded.eventIds);
    }
  }
  // Every transfer up to toBlock is recorded (or was a payment's): a crash before this line reads them again, and recording is once per transfer.
  await deps.cursor.save({ blockNumber: toBlock, blockHash: (await readBlockTime(deps.client, toBlock)).hash });
  return pass;
}

/** Runs `scanEvmInflows` every `everyMs` (one pass at a time); answers how to stop. Run it under the chain's watcher lock. */
export function startEvmInflowScan(deps: EvmInflowScanDeps, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running
      .then(() => (stopped ? undefined : scanEvmInflows(deps)))
      .catch((err: unknown) => deps.log?.warn({ err, chainId: deps.chainId }, "EVM inflow scan failed; the next pass retries"));
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
