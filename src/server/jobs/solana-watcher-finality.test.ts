import { afterAll, beforeAll, describe, expect, it } from "vitest";
import bs58 from "bs58";
import { Keypair } from "@solana/web3.js";
import { randomBytes } from "node:crypto";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import { createLogger } from "../logger";
import { until } from "../testing/webhook-receiver";
import { startSolanaWatcher, type PaymentSink, type WatchedPayment } from "./solana-watcher";

const log = createLogger("silent");

/** A paid payment whose credited transfer the chain never finalizes (a fork dropped it). */
function paidLongAgo(paidAt: Date): WatchedPayment {
  return {
    id: crypto.randomUUID(),
    chainId: -5001,
    reference: Keypair.generate().publicKey.toBase58(),
    recipientTokenAccount: Keypair.generate().publicKey.toBase58(),
    status: "paid",
    signature: bs58.encode(randomBytes(64)),
    unfinalized: [],
    paidAt,
    expiresAt: new Date(paidAt.getTime() + 30 * 60_000),
    createdAt: paidAt,
  };
}

describe("solana watcher and finality", () => {
  let solana: SolanaSandbox;
  beforeAll(async () => {
    solana = await startSolanaSandbox({ slotMs: 50 });
  });
  afterAll(() => solana?.stop());

  it("reports a finality timeout for a paid payment whose transfer never finalizes, and not before the window", async () => {
    const now = Date.now();
    const old = paidLongAgo(new Date(now - 11 * 60_000));
    old.unfinalized = [old.signature!];
    const young = paidLongAgo(new Date(now - 60_000));
    young.unfinalized = [young.signature!];
    const reported: { id: string; kind: string; timeoutMs?: number }[] = [];
    const sink: PaymentSink = {
      listPending: async () => [old, young],
      apply: async (id, fact) => {
        reported.push({ id, kind: fact.kind, ...(fact.kind === "finality-timeout" ? { timeoutMs: fact.timeoutMs } : {}) });
        const p = id === old.id ? old : young;
        return fact.kind === "finality-timeout" ? { ...p, status: "failed" } : p;
      },
    };
    const watcher = await startSolanaWatcher(sink, log, { chainId: -5001, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, pollMs: 100, finalityTimeoutMs: 10 * 60_000 });
    try {
      await until(() => reported.find((r) => r.id === old.id && r.kind === "finality-timeout"), "finality timeout reported");
      await watcher.pollNow();
      expect(reported.filter((r) => r.kind === "finality-timeout")).toEqual([{ id: old.id, kind: "finality-timeout", timeoutMs: 600_000 }]);
    } finally {
      await watcher.stop();
    }
  });
});
