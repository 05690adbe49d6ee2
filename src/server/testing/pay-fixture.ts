import bs58 from "bs58";
import { Connection, Keypair, PublicKey, type Transaction } from "@solana/web3.js";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { buildPaymentTransaction } from "@/components/pay/solana/build-payment-transaction";
import type { ChainRuntime } from "../chains/runtime";
import type { Database } from "../db/client";
import { startSolanaWatcher, type SolanaWatcher } from "../jobs/solana-watcher";
import { listenForNewPayments } from "../jobs/payment-wakeups";
import { paymentSink } from "../jobs/payment-sink";
import { payerScreen } from "../modules/sanctions";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";
import { signInMerchant } from "./merchants";
import { attachWalletAndLink, startPayApps, type PayApps } from "./pay-apps";

// Kept here too: most tests take callJson from the pay fixture they already import.
export { callJson } from "./call-json";

export interface PayFixture extends PayApps {
  solana: SolanaSandbox;
  connection: Connection;
  watcher: SolanaWatcher;
  /** Starts a new watcher on the same database (a restarted process); the old one must be stopped first. */
  restartWatcher(): Promise<SolanaWatcher>;
  stop(): Promise<void>;
}

/**
 * Both origins over one database with everything a payment touches running for real: a local
 * Solana network (fast slots), pg-boss with the webhook worker, and the Solana watcher.
 */
export async function startPayFixture(
  database: Database,
  env: Record<string, string> = {},
  options: { slotMs?: number; pollMs?: number } = {},
): Promise<PayFixture> {
  const solana = await startSolanaSandbox({ slotMs: options.slotMs ?? 10 });
  const chains: ChainRuntime = {
    solana: { chainId: -5001, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, mints: solana.mints, local: solana },
    evm: [],
    stop: () => solana.stop(),
  };
  const base = await startPayApps(database, { env, chains, dataDirPrefix: "zpay-pay-" });
  const { apps, log } = base;
  const startWatcher = () =>
    startSolanaWatcher(paymentSink({ db: database.db, queue: apps.queue, log, isSanctioned: payerScreen(apps.dataDir) }), log, {
      chainId: -5001,
      rpcUrl: solana.rpcUrl,
      wsUrl: solana.wsUrl,
      pollMs: options.pollMs ?? 100,
      // A transfer naming a payment's reference but landing elsewhere (never creditable, only logged) is found by the sweep: soon here, within 15 min in production.
      sweepMs: 1_000,
      wakeups: (onNew) => listenForNewPayments(database, onNew),
    });
  const watcher = await startWatcher();
  const fixture: PayFixture = {
    ...apps,
    solana,
    connection: new Connection(solana.rpcUrl, { commitment: "confirmed", wsEndpoint: solana.wsUrl }),
    watcher,
    restartWatcher: async () => {
      const next = await startWatcher();
      fixture.watcher = next;
      return next;
    },
    stop: async () => {
      await fixture.watcher.stop();
      await base.stop();
      await solana.stop();
    },
  };
  return fixture;
}

/** A signed-in merchant with a receiving wallet, optionally a webhook endpoint and callback, and one zLink. */
export async function merchantWithLink(
  f: PayFixture,
  link: Record<string, unknown> = { label: "Coffee beans", price: "12.5", currency: "USDC" },
  integration?: { endpoint?: string; callback?: string },
  billingCurrency?: string,
) {
  const merchant = await signInMerchant(f.app);
  // A fiat other than USD is offered to merchants billing in it (the profile screen sets this later).
  if (billingCurrency) await f.deps.database.db.update(users).set({ billingCurrency }).where(eq(users.id, merchant.id));
  const receiving = Keypair.generate().publicKey.toBase58();
  return { merchant, receiving, ...(await attachWalletAndLink(f, merchant, { address: receiving, type: "manual", version: 1 }, link, integration)) };
}

/** A payer wallet holding SOL for fees and test tokens (base units). */
export async function fundedPayer(f: PayFixture, usdc = 100_000_000n, usdt = 0n): Promise<Keypair> {
  const payer = Keypair.generate();
  await f.solana.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
  await f.solana.mintTokens(payer.publicKey.toBase58(), f.solana.mints.USDC, usdc);
  if (usdt > 0n) await f.solana.mintTokens(payer.publicKey.toBase58(), f.solana.mints.USDT, usdt);
  return payer;
}

/**
 * Builds the payment exactly as the pay page does (its own builder), lets a test tamper with the
 * info or the transaction, signs as the payer (and any `cosigners` the tampered transaction needs:
 * another fee payer, an extra signer) and sends it; answers the signature once confirmed.
 */
export async function pay(
  f: PayFixture,
  payer: Keypair,
  info: PaymentTransactionInfo,
  tamper: { info?: Partial<PaymentTransactionInfo>; transaction?: (tx: Transaction) => void; cosigners?: Keypair[]; onSigned?: (signature: string) => void } = {},
): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await f.connection.getLatestBlockhash("confirmed");
  const tx = buildPaymentTransaction({ payer: payer.publicKey, info: { ...info, ...tamper.info }, blockhash, lastValidBlockHeight });
  tamper.transaction?.(tx);
  tx.sign(payer, ...(tamper.cosigners ?? []));
  tamper.onSigned?.(bs58.encode(tx.signature!));
  const signature = await f.connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  await f.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  return signature;
}

/** Appends another read-only reference to the transfer (one on-chain transfer naming two payments). */
export const addReference = (reference: string) => (tx: Transaction) => {
  const transfer = tx.instructions.find((ix) => ix.keys.length >= 4 && !ix.programId.toBase58().startsWith("Memo"));
  transfer!.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
};
