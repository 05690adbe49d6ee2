import { fork, type ChildProcess } from "node:child_process";
import { createPrivateKey, randomBytes, sign, type KeyObject } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { Connection, Keypair, PublicKey, Transaction, TransactionInstruction } from "@solana/web3.js";
import { PROGRAM_IDS } from "../src/sandbox/solana/keys";

/**
 * SPL payments per second through the local Solana network's RPC: each one built, signed,
 * sent (preflight at confirmed) and confirmed at `confirmed` over the WebSocket with web3.js,
 * IN_FLIGHT payments in flight. The network runs in a child process so
 * its memory (recorded history and indexes after TRANSFERS payments) is measured alone.
 */
const TRANSFERS = Number(process.env.BENCH_SOLANA_TRANSFERS ?? 10_000);
const IN_FLIGHT = Number(process.env.BENCH_SOLANA_IN_FLIGHT ?? 16);
// A fast clock measures the server rather than the 400 ms slot (which caps 16 in flight near
// 16 / 0.4 s); set BENCH_SOLANA_SLOT_MS=400 for mainnet pacing.
const SLOT_MS = Number(process.env.BENCH_SOLANA_SLOT_MS ?? 10);
const CHILD_FLAG = "ZPAY_BENCH_SOLANA_CHILD";
const MEMO = new PublicKey(PROGRAM_IDS.memo);
const MB = 1024 * 1024;

export interface SolanaResult {
  transfers: number;
  inFlight: number;
  slotMs: number;
  transfersPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  firstError?: string;
  /** Share of one core the network process used during the run (the rest of the time it waited on the client). */
  serverCpuPct: number;
  /** The network process: RSS after genesis, peak while running, and heap still used after a full GC at the end. */
  startRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  heapAfterGcMb: number;
  recorded: number;
}

type ToChild = { type: "fund"; owners: string[] } | { type: "mark" } | { type: "memory" } | { type: "stop" };
type FromChild =
  | { type: "ready"; rpcUrl: string; wsUrl: string; usdc: string }
  | { type: "funded" }
  | { type: "marked" }
  | { type: "memory"; startRss: number; peakRss: number; peakHeap: number; heapAfterGc: number; recorded: number; cpuBusy: number };

/** Child side: the network, plus funding and memory reports on request. */
async function serveNetwork(): Promise<void> {
  const { launchSolanaSandbox } = await import("../src/sandbox/solana/sandbox");
  const { sandbox, network } = await launchSolanaSandbox({ slotMs: SLOT_MS });
  const peak = { rss: 0, heap: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heap = Math.max(peak.heap, heapUsed);
  };
  setInterval(sample, 50).unref();
  const startRss = process.memoryUsage().rss;
  let mark = { cpu: process.cpuUsage(), at: performance.now() };
  const send = (message: FromChild) => process.send!(message);
  process.on("message", async (message: ToChild) => {
    if (message.type === "fund") {
      for (const owner of message.owners) {
        await sandbox.airdrop(owner, 10_000_000_000n);
        await sandbox.mintTokens(owner, sandbox.mints.USDC, 1_000_000_000n);
      }
      send({ type: "funded" });
    } else if (message.type === "mark") {
      mark = { cpu: process.cpuUsage(), at: performance.now() };
      send({ type: "marked" });
    } else if (message.type === "memory") {
      const { user, system } = process.cpuUsage(mark.cpu);
      const cpuBusy = (user + system) / 1000 / (performance.now() - mark.at);
      sample();
      globalThis.gc?.();
      send({ type: "memory", startRss, peakRss: peak.rss, peakHeap: peak.heap, heapAfterGc: process.memoryUsage().heapUsed, recorded: network.recorder.size, cpuBusy });
    } else {
      await sandbox.stop();
      process.exit(0);
    }
  });
  send({ type: "ready", rpcUrl: sandbox.rpcUrl, wsUrl: sandbox.wsUrl, usdc: sandbox.mints.USDC });
}

function request<T extends FromChild["type"]>(child: ChildProcess, message: ToChild | undefined, type: T): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: FromChild) => {
      if (reply.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(reply as Extract<FromChild, { type: T }>);
    };
    const onExit = (code: number) => reject(new Error(`Solana bench network exited with ${code}`));
    child.on("message", onMessage);
    child.once("exit", onExit);
    if (message) child.send(message);
  });
}

// Associated token addresses cost a curve check per bump in web3.js's pure JS: derive each once.
const atas = new Map<string, PublicKey>();
function ata(mint: PublicKey, owner: PublicKey): PublicKey {
  const key = `${mint.toBase58()}/${owner.toBase58()}`;
  let address = atas.get(key);
  if (!address) atas.set(key, (address = getAssociatedTokenAddressSync(mint, owner)));
  return address;
}

/** A Solana Pay payment: recipient's ATA (idempotent), memo with the order, transferChecked + a fresh reference key. */
function payment(payer: Keypair, mint: PublicKey, merchant: PublicKey, order: number): Transaction {
  const destination = ata(mint, merchant);
  const transfer = createTransferCheckedInstruction(ata(mint, payer.publicKey), mint, destination, payer.publicKey, 10_000n, 6);
  // Any 32 bytes serve as a reference; Keypair.generate() would spend the client's time on curve math.
  transfer.keys.push({ pubkey: new PublicKey(randomBytes(32)), isSigner: false, isWritable: false });
  return new Transaction().add(
    createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, destination, merchant, mint),
    new TransactionInstruction({ programId: MEMO, keys: [], data: Buffer.from(`zpay:bench-${order}`) }),
    transfer,
  );
}

const signingKeys = new Map<Keypair, KeyObject>();
function signingKey(payer: Keypair): KeyObject {
  let key = signingKeys.get(payer);
  if (!key) {
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
    key = createPrivateKey({ key: { kty: "OKP", crv: "Ed25519", d: b64(payer.secretKey.subarray(0, 32)), x: b64(payer.publicKey.toBytes()) }, format: "jwk" });
    signingKeys.set(payer, key);
  }
  return key;
}

/**
 * Build, sign, send, confirm, as a wallet adapter does it: a fresh blockhash per payment.
 * (web3.js's sendAndConfirmTransaction reuses a blockhash for 30 s of wall-clock time, which
 * outlives 150 slots on a fast clock.)
 */
async function pay(connection: Connection, payer: Keypair, tx: Transaction): Promise<void> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  tx.recentBlockhash = blockhash;
  tx.feePayer = payer.publicKey;
  // Signed with Node's native Ed25519 (as a wallet's native code would), not web3.js's pure-JS
  // signer, which would make this client, not the network, the bottleneck.
  tx.addSignature(payer.publicKey, sign(null, tx.serializeMessage(), signingKey(payer)));
  // The node verifies signatures; re-verifying them in pure JS here would again bound the client.
  const signature = await connection.sendRawTransaction(tx.serialize({ verifySignatures: false }), { preflightCommitment: "confirmed" });
  const { value } = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  if (value.err) throw new Error(`payment ${signature} failed: ${JSON.stringify(value.err)}`);
}

const percentile = (sorted: number[], p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!) : 0);

export async function benchSolana(): Promise<SolanaResult> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, [CHILD_FLAG]: "1" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await request(child, undefined, "ready");
    const mint = new PublicKey(ready.usdc);
    const payers = Array.from({ length: IN_FLIGHT }, () => Keypair.generate());
    const merchants = Array.from({ length: 8 }, () => Keypair.generate().publicKey);
    await request(child, { type: "fund", owners: payers.map((p) => p.publicKey.toBase58()) }, "funded");
    const connection = new Connection(ready.rpcUrl, { commitment: "confirmed", wsEndpoint: ready.wsUrl });

    let next = 0;
    let errors = 0;
    let firstError: string | undefined;
    const latencies: number[] = [];
    const worker = async (payer: Keypair, total: number, record: boolean) => {
      while (next < total) {
        const order = next++;
        const started = performance.now();
        try {
          await pay(connection, payer, payment(payer, mint, merchants[order % merchants.length]!, order));
          if (record) latencies.push(performance.now() - started);
        } catch (err) {
          if (record) {
            errors++;
            firstError ??= (err as Error).message;
          }
        }
      }
    };
    await Promise.all(payers.map((payer) => worker(payer, IN_FLIGHT * 4, false))); // warm-up: JIT, ATAs, sockets
    next = 0;
    await request(child, { type: "mark" }, "marked");
    const started = performance.now();
    await Promise.all(payers.map((payer) => worker(payer, TRANSFERS, true)));
    const seconds = (performance.now() - started) / 1000;

    const memory = await request(child, { type: "memory" }, "memory");
    // web3.js leaves status/block-height polls running after a confirmation resolves, without a
    // catch: let them finish before the server goes away, or they reject unhandled.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    latencies.sort((a, b) => a - b);
    return {
      transfers: TRANSFERS,
      inFlight: IN_FLIGHT,
      slotMs: SLOT_MS,
      transfersPerSec: Math.round(TRANSFERS / seconds),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      errors,
      firstError,
      serverCpuPct: Math.round(memory.cpuBusy * 100),
      startRssMb: Math.round(memory.startRss / MB),
      peakRssMb: Math.round(memory.peakRss / MB),
      peakHeapMb: Math.round(memory.peakHeap / MB),
      heapAfterGcMb: Math.round(memory.heapAfterGc / MB),
      recorded: memory.recorded,
    };
  } finally {
    if (child.connected) child.send({ type: "stop" } satisfies ToChild);
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once("exit", resolve);
    });
  }
}

if (process.env[CHILD_FLAG]) await serveNetwork();
