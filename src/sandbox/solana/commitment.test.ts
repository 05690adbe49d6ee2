import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from "@solana/spl-token";
import bs58 from "bs58";
import { Connection, Keypair, PublicKey, SendTransactionError, SystemProgram, Transaction, TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { FINALITY_DEPTH, MAX_BLOCKHASH_AGE } from "./constants";
import { launchSolanaSandbox, type LaunchedSandbox } from "./sandbox";
import { PROGRAM_IDS } from "./keys";

/**
 * Commitment, step by step, on a manual clock: the test advances slots itself, so "not yet"
 * and "now" are observed deterministically (no timing assumptions).
 */

const MEMO = new PublicKey(PROGRAM_IDS.memo);
let launched: LaunchedSandbox;
let connection: Connection;
let mint: PublicKey;

const memo = (text: string) => new TransactionInstruction({ programId: MEMO, keys: [], data: Buffer.from(text) });

function fundedPayer(usdc = 0n): Keypair {
  const payer = Keypair.generate();
  launched.faucet.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
  if (usdc) launched.faucet.mintTokens(payer.publicKey.toBase58(), mint.toBase58(), usdc);
  return payer;
}

async function signed(payer: Keypair, commitment: "processed" | "confirmed", ...instructions: TransactionInstruction[]): Promise<Transaction> {
  const tx = new Transaction().add(...instructions);
  tx.recentBlockhash = (await connection.getLatestBlockhash(commitment)).blockhash;
  tx.feePayer = payer.publicKey;
  tx.sign(payer);
  return tx;
}

async function rawRpc(method: string, params: unknown[]) {
  const response = await fetch(launched.sandbox.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

/** A raw PubSub client: requests answered in order, notifications collected. */
async function pubsub(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const pending = new Map<number, (message: { result?: unknown; error?: { code: number; message: string } }) => void>();
  const notifications: { method: string; params: { result: { context?: { slot: number }; value?: unknown } | number; subscription: number } }[] = [];
  let nextId = 0;
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    if (message.id !== undefined) pending.get(message.id)?.(message);
    else notifications.push(message);
  });
  const call = (method: string, params: unknown[] = []) =>
    new Promise<{ result?: unknown; error?: { code: number; message: string } }>((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  // The server answers in order and sends notifications synchronously, so after a round trip
  // every notification due before it has arrived.
  const sync = () => call("getHealth");
  const of = (subscription: unknown) => notifications.filter((n) => n.params.subscription === subscription);
  return { socket, call, sync, of, close: () => socket.close() };
}

beforeAll(async () => {
  launched = await launchSolanaSandbox({ manualClock: true });
  connection = new Connection(launched.sandbox.rpcUrl, { commitment: "confirmed", wsEndpoint: launched.sandbox.wsUrl });
  mint = new PublicKey(launched.sandbox.mints.USDC);
});

afterAll(async () => {
  await launched?.sandbox.stop();
});

describe("commitment on the local Solana network", () => {
  it("shows a transaction and its effects at processed, then confirmed, then finalized", async () => {
    const payer = fundedPayer(5_000_000n);
    launched.advance(1);
    const merchant = Keypair.generate().publicKey;
    const reference = Keypair.generate().publicKey;
    const merchantAta = getAssociatedTokenAddressSync(mint, merchant);
    const transfer = createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, payer.publicKey), mint, merchantAta, payer.publicKey, 2_000_000n, 6);
    transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    const tx = await signed(payer, "confirmed", createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, merchantAta, merchant, mint), memo("order"), transfer);
    const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
    const slot = launched.sandbox.getRecordedTransaction(signature)!.slot;
    expect(slot).toBe(launched.sandbox.slots().processed);

    const read = (commitment: "confirmed" | "finalized") => connection.getParsedTransaction(signature, { commitment, maxSupportedTransactionVersion: 0 });
    const status = async () => (await connection.getSignatureStatuses([signature])).value[0];
    const byReference = (commitment: "confirmed" | "finalized") => connection.getSignaturesForAddress(reference, {}, commitment);
    const tokenBalance = (commitment: "processed" | "confirmed" | "finalized") =>
      connection.getTokenAccountBalance(merchantAta, commitment).then((r) => r.value.amount, (e: Error) => e.message);

    // Processed only.
    expect(await read("confirmed")).toBeNull();
    expect(await read("finalized")).toBeNull();
    // web3.js refuses `processed` itself; a node answers -32602.
    expect(await rawRpc("getTransaction", [signature, { commitment: "processed" }])).toMatchObject({
      error: { code: -32602, message: "Method does not support commitment below `confirmed`" },
    });
    expect(await status()).toMatchObject({ slot, confirmations: 0, confirmationStatus: "processed", err: null });
    expect(await byReference("confirmed")).toEqual([]);
    expect(await tokenBalance("processed")).toBe("2000000");
    expect(await tokenBalance("confirmed")).toContain("could not find account");

    launched.advance(1);
    expect((await read("confirmed"))?.transaction.signatures).toEqual([signature]);
    expect(await read("finalized")).toBeNull();
    expect(await status()).toMatchObject({ confirmations: 1, confirmationStatus: "confirmed" });
    expect((await byReference("confirmed")).map((s) => s.signature)).toEqual([signature]);
    expect(await byReference("finalized")).toEqual([]);
    expect(await tokenBalance("confirmed")).toBe("2000000");
    expect(await tokenBalance("finalized")).toContain("could not find account");

    launched.advance(FINALITY_DEPTH - 2);
    expect(await read("finalized")).toBeNull();
    launched.advance(1);
    expect((await read("finalized"))?.slot).toBe(slot);
    expect(await status()).toMatchObject({ confirmations: null, confirmationStatus: "finalized" });
    expect((await byReference("finalized")).map((s) => s.signature)).toEqual([signature]);
    expect(await tokenBalance("finalized")).toBe("2000000");
    const tip = launched.sandbox.slots().processed;
    expect(launched.sandbox.slots()).toEqual({ processed: tip, confirmed: tip - 1, finalized: tip - FINALITY_DEPTH });
    expect(await connection.getSlot("finalized")).toBe(tip - FINALITY_DEPTH);
  });

  it("runs the preflight against the bank at preflightCommitment", async () => {
    const payer = fundedPayer(); // funded at processed only
    const tx = await signed(payer, "confirmed", memo("preflight"));
    const atConfirmed = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" }).catch((e: unknown) => e);
    expect(atConfirmed).toBeInstanceOf(SendTransactionError);
    expect((atConfirmed as Error).message).toContain("Attempt to debit an account but found no record of a prior credit.");
    const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "processed" });
    expect(launched.sandbox.getRecordedTransaction(signature)?.err).toBeNull();
  });

  it("expires a blockhash after 150 slots: Blockhash not found", async () => {
    const payer = fundedPayer();
    launched.advance(1);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("processed");
    const tx = await signed(payer, "processed", memo("late"));
    expect(tx.recentBlockhash).toBe(blockhash);
    launched.advance(MAX_BLOCKHASH_AGE);
    expect(await connection.getBlockHeight("processed")).toBe(lastValidBlockHeight);
    expect((await connection.isBlockhashValid(blockhash, { commitment: "processed" })).value).toBe(true);
    launched.advance(1);
    expect((await connection.isBlockhashValid(blockhash, { commitment: "processed" })).value).toBe(false);
    expect((await connection.getFeeForMessage(tx.compileMessage(), "processed")).value).toBeNull();

    const error = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "processed" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as Error).message).toContain("Transaction simulation failed: Blockhash not found");
    // Without preflight the node returns the signature, but no leader includes it.
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    expect((await connection.getSignatureStatuses([signature], { searchTransactionHistory: true })).value[0]).toBeNull();
    expect(launched.sandbox.getRecordedTransaction(signature)).toBeUndefined();
  });

  it("notifies signatureSubscribe once at each requested commitment, then drops the subscription", async () => {
    const client = await pubsub(launched.sandbox.wsUrl);
    try {
      const payer = fundedPayer();
      launched.advance(1);
      const tx = await signed(payer, "confirmed", memo("subscribe"));
      const signature = bs58.encode(tx.signature!);
      const ids: Record<string, unknown> = {};
      for (const commitment of ["processed", "confirmed", "finalized"]) {
        ids[commitment] = (await client.call("signatureSubscribe", [signature, { commitment }])).result;
      }
      await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
      await client.sync();
      expect(client.of(ids.processed)).toHaveLength(1);
      expect(client.of(ids.processed)[0]).toMatchObject({ method: "signatureNotification", params: { result: { value: { err: null } } } });
      expect(client.of(ids.confirmed)).toHaveLength(0);

      launched.advance(1);
      await client.sync();
      expect(client.of(ids.confirmed)).toHaveLength(1);
      expect(client.of(ids.finalized)).toHaveLength(0);

      launched.advance(FINALITY_DEPTH - 1);
      await client.sync();
      expect(client.of(ids.finalized)).toHaveLength(1);
      launched.advance(3);
      await client.sync();
      expect([client.of(ids.processed), client.of(ids.confirmed), client.of(ids.finalized)].map((n) => n.length)).toEqual([1, 1, 1]);
      // The server removed them after notifying.
      expect((await client.call("signatureUnsubscribe", [ids.processed])).error).toMatchObject({ code: -32602, message: "Invalid subscription id." });

      // Subscribing to a signature that is already there notifies at once.
      const late = (await client.call("signatureSubscribe", [signature, { commitment: "finalized" }])).result;
      await client.sync();
      expect(client.of(late)).toHaveLength(1);
    } finally {
      client.close();
    }
  });

  it("notifies logsSubscribe and accountSubscribe at their commitment, and stops after unsubscribe", async () => {
    const client = await pubsub(launched.sandbox.wsUrl);
    try {
      const payer = fundedPayer();
      launched.advance(1);
      const watched = Keypair.generate().publicKey;
      const all = (await client.call("logsSubscribe", ["all", { commitment: "processed" }])).result;
      const mentions = (await client.call("logsSubscribe", [{ mentions: [watched.toBase58()] }, { commitment: "finalized" }])).result;
      const account = (await client.call("accountSubscribe", [payer.publicKey.toBase58(), { commitment: "confirmed", encoding: "base64" }])).result;
      expect((await client.call("logsSubscribe", [{ mentions: [watched.toBase58(), payer.publicKey.toBase58()] }])).error?.message).toBe(
        "Invalid Request: Only 1 address supported",
      );

      const tx = await signed(payer, "confirmed", SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: watched, lamports: 1_000_000 }), memo("watched"));
      const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
      await client.sync();
      expect(client.of(all).map((n) => (n.params.result as { value: { signature: string } }).value.signature)).toContain(signature);
      expect(client.of(mentions)).toHaveLength(0);
      expect(client.of(account)).toHaveLength(0);

      launched.advance(1);
      await client.sync();
      const [accountNote] = client.of(account);
      expect(accountNote?.params.result).toMatchObject({ value: { lamports: 1_000_000_000 - 5000 - 1_000_000, owner: "11111111111111111111111111111111" } });

      launched.advance(FINALITY_DEPTH - 1);
      await client.sync();
      expect(client.of(mentions).map((n) => n.params.result)).toEqual([
        { context: { slot: launched.sandbox.getRecordedTransaction(signature)!.slot }, value: { err: null, logs: expect.arrayContaining(["Program log: watched"]), signature } },
      ]);

      expect((await client.call("logsUnsubscribe", [all])).result).toBe(true);
      const seen = client.of(all).length;
      launched.faucet.airdrop(watched.toBase58(), 1n);
      await client.sync();
      expect(client.of(all)).toHaveLength(seen);
    } finally {
      client.close();
    }
  });
});
