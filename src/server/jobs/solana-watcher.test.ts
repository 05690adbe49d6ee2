import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import { createLogger } from "../logger";
import { countingRpcProxy } from "../testing/counting-rpc-proxy";
import { until } from "../testing/webhook-receiver";
import { pay, type PayFixture } from "../testing/pay-fixture";
import { startSolanaWatcher, type PaymentSink, type WatchedPayment } from "./solana-watcher";

const log = createLogger("silent");
const address = () => Keypair.generate().publicKey.toBase58();

/** An unpaid payment to `account` (nothing on chain names its reference). */
function pending(account: string, createdAt = new Date()): WatchedPayment {
  const payment = {
    id: crypto.randomUUID(),
    chainId: -5001,
    reference: address(),
    recipientTokenAccount: account,
    status: "initiated",
    unfinalized: [],
    expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
    createdAt,
  };
  return payment as WatchedPayment;
}

/** The table as the watcher sees it: rows another process may add at any time. */
function tableSink(rows: WatchedPayment[]): PaymentSink {
  return {
    listPending: async (_chainId, since) => rows.filter((r) => !since?.createdSince || r.createdAt >= since.createdSince),
    apply: async () => undefined,
  };
}

describe("solana watcher around its checks", () => {
  let solana: SolanaSandbox;
  let rpc: Awaited<ReturnType<typeof countingRpcProxy>>;
  beforeAll(async () => {
    solana = await startSolanaSandbox({ slotMs: 50 });
    rpc = await countingRpcProxy(solana.rpcUrl);
  });
  afterAll(async () => {
    await rpc?.close();
    await solana?.stop();
  });

  it("a hung RPC never holds a watcher slot longer than its deadline: every slot's check fails and frees within seconds, not Node's 300 s", async () => {
    // A node that takes every request and never answers (the socket stays open).
    const held = new Set<http.ServerResponse>();
    const hung = http.createServer((_req, res) => void held.add(res));
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    const rpcUrl = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    const warnings: string[] = [];
    const watchLog = createLogger("warn", new Writable({ write: (chunk, _e, done) => (warnings.push(String(chunk)), done()) }));
    const rows = Array.from({ length: 8 }, () => pending(address()));
    const watcher = await startSolanaWatcher(tableSink(rows), watchLog, {
      chainId: -5001,
      rpcUrl,
      wsUrl: solana.wsUrl,
      pollMs: 60_000,
      concurrency: 8,
      rpc: { timeoutMs: 300, retries: 1, backoffMs: 10 },
    });
    try {
      // Each of the 8 slots took a check that hangs; the deadline (2 × 300 ms) frees them all.
      await until(() => (warnings.filter((w) => w.includes("solana watcher check failed")).length >= 8 ? true : undefined), "8 failed checks", 5_000);
      expect(warnings.join("")).toContain("no answer within 300 ms");
    } finally {
      await watcher.stop();
      for (const res of held) res.destroy();
      hung.closeAllConnections();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  });

  it("subscribes once per receiving account, not once per payment, and checks with bounded concurrency", async () => {
    const accounts = [address(), address()];
    const rows = Array.from({ length: 60 }, (_, i) => pending(accounts[i % 2]!));
    rpc.reset();
    const watcher = await startSolanaWatcher(tableSink(rows), log, { chainId: -5001, rpcUrl: rpc.url, wsUrl: solana.wsUrl, pollMs: 60_000, concurrency: 4 });
    try {
      await watcher.pollNow();
      expect(watcher.size).toBe(60);
      expect(watcher.subscriptions).toBe(2);
      expect(rpc.maxInFlight).toBeLessThanOrEqual(4);
      expect(rpc.count("getSignaturesForAddress")).toBeGreaterThanOrEqual(60);
    } finally {
      await watcher.stop();
    }
  });

  it("follows a payment another process created: at once when announced, else at the next read of the table", async () => {
    const rows = [pending(address())];
    let announce: ((chainId: number) => void) | undefined;
    const announced = await startSolanaWatcher(tableSink(rows), log, {
      chainId: -5001,
      rpcUrl: solana.rpcUrl,
      wsUrl: solana.wsUrl,
      discoverMs: 60_000,
      wakeups: async (onNew) => {
        announce = onNew;
        return async () => {};
      },
    });
    const polled = await startSolanaWatcher(tableSink(rows), log, { chainId: -5001, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, pollMs: 100 });
    try {
      expect([announced.size, polled.size]).toEqual([1, 1]);
      rows.push(pending(address()));
      announce!(-4242); // another chain's payment: not this watcher's business
      announce!(-5001);
      await until(() => (announced.size === 2 ? true : undefined), "the announced payment followed", 5_000);
      await until(() => (polled.size === 2 ? true : undefined), "the polled read finds it", 5_000);
    } finally {
      await Promise.all([announced.stop(), polled.stop()]);
    }
  });

  it("unpaid payments cost no RPC call each: calls per second stay flat from 10 to 200 pending on the same accounts", async () => {
    const accounts = [address(), address()];
    /** RPC calls in a window after the first pass, with `n` unpaid payments spread over the two accounts. */
    const callsWith = async (n: number) => {
      const rows = Array.from({ length: n }, (_, i) => pending(accounts[i % 2]!));
      const watcher = await startSolanaWatcher(tableSink(rows), log, {
        chainId: -5001,
        rpcUrl: rpc.url,
        wsUrl: solana.wsUrl,
        pollMs: 100, // accounts listed every 500 ms
        random: () => 1,
      });
      try {
        await watcher.pollNow(); // the first pass (a restart's resume) checks everyone once
        rpc.reset();
        await new Promise((r) => setTimeout(r, 1_500));
        return { all: rpc.count(), byReference: rows.reduce((sum, p) => sum + rpc.countOn("getSignaturesForAddress", p.reference), 0) };
      } finally {
        await watcher.stop();
      }
    };
    const few = await callsWith(10);
    const many = await callsWith(200);
    expect(many.byReference).toBe(0); // nobody polled by reference: the accounts' listings stand for them
    expect(few.byReference).toBe(0);
    expect(many.all).toBeGreaterThan(0); // the two accounts are still listed
    expect(many.all).toBeLessThanOrEqual(few.all + 4);
  });

  it("a transfer to an account with many pending payments checks only the payment it names", async () => {
    const owner = Keypair.generate().publicKey;
    const account = getAssociatedTokenAddressSync(new PublicKey(solana.mints.USDC), owner, true).toBase58();
    const rows = Array.from({ length: 6 }, () => pending(account));
    const watcher = await startSolanaWatcher(tableSink(rows), log, {
      chainId: -5001,
      rpcUrl: rpc.url,
      wsUrl: solana.wsUrl,
      pollMs: 60_000,
      random: () => 1, // no polling during the test: only the notification may check anyone
    });
    try {
      await watcher.pollNow();
      rpc.reset();
      const payer = Keypair.generate();
      await solana.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
      await solana.mintTokens(payer.publicKey.toBase58(), solana.mints.USDC, 5_000_000n);
      const paid = rows[3]!;
      const info = {
        recipient: owner.toBase58(),
        address: account,
        tokenAddress: solana.mints.USDC,
        decimals: 6,
        amountWei: "1000000",
        reference: paid.reference,
        memo: "zpay:routing",
        createRecipientAccount: true,
      } as PaymentTransactionInfo;
      const chain = { connection: new Connection(solana.rpcUrl, { commitment: "confirmed", wsEndpoint: solana.wsUrl }) } as PayFixture;
      await pay(chain, payer, info);
      const polls = (p: WatchedPayment) => rpc.countOn("getSignaturesForAddress", p.reference);
      await until(() => (polls(paid) > 0 ? true : undefined), "the named payment checked", 10_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(rows.filter((p) => p !== paid).map(polls)).toEqual([0, 0, 0, 0, 0]);
      expect(rpc.count("getTransaction")).toBeGreaterThanOrEqual(1); // one read says which payment it is
    } finally {
      await watcher.stop();
    }
  });
});
