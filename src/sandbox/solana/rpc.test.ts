import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type ParsedAccountData,
} from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startSolanaSandbox, type SolanaSandbox } from "./index";

/** The JSON-RPC surface itself: envelopes, errors, encodings, and the WebSocket lifecycle. */

let sandbox: SolanaSandbox;
let connection: Connection;

async function post(body: unknown): Promise<unknown> {
  const response = await fetch(sandbox.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

const call = (method: string, params: unknown[] = []) => post({ jsonrpc: "2.0", id: 1, method, params }) as Promise<{ result?: unknown; error?: { code: number; message: string } }>;

beforeAll(async () => {
  sandbox = await startSolanaSandbox({ slotMs: 10 });
  connection = new Connection(sandbox.rpcUrl, "confirmed");
});

afterAll(async () => {
  await sandbox?.stop();
});

describe("JSON-RPC envelope", () => {
  it("answers unknown methods with -32601 and bad params with -32602", async () => {
    expect(await call("getBlockProduction")).toMatchObject({ error: { code: -32601, message: "Method not found" } });
    expect(await call("getBalance", ["not-a-key"])).toMatchObject({ error: { code: -32602 } });
    expect(await call("getBalance", [])).toMatchObject({ error: { code: -32602 } });
    expect(await call("getSlot", [{ commitment: "recent-ish" }])).toMatchObject({ error: { code: -32602 } });
    expect(await call("getSignatureStatuses", [["abc"]])).toMatchObject({ error: { code: -32602 } });
  });

  it("handles batches in order, parse errors, invalid requests and notifications", async () => {
    const batch = (await post([
      { jsonrpc: "2.0", id: "a", method: "getHealth" },
      { jsonrpc: "2.0", id: "b", method: "nope" },
      { jsonrpc: "2.0", method: "getHealth" },
      { jsonrpc: "2.0", id: 3, method: "getGenesisHash" },
    ])) as { id: unknown; result?: unknown; error?: { code: number } }[];
    expect(batch.map((r) => r.id)).toEqual(["a", "b", 3]);
    expect(batch[0]!.result).toBe("ok");
    expect(batch[1]!.error?.code).toBe(-32601);
    expect(batch[2]!.result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await post("{not json")).toMatchObject({ error: { code: -32700 }, id: null });
    expect(await post([])).toMatchObject({ error: { code: -32600 } });
    expect(await post({ id: 1, method: "getHealth" })).toMatchObject({ error: { code: -32600 } });
    expect(await post({ jsonrpc: "2.0", method: "getHealth" })).toBeUndefined();
  });

  it("serves GET /health and CORS preflights for the pay page", async () => {
    expect(await (await fetch(`${sandbox.rpcUrl}/health`)).text()).toBe("ok");
    const preflight = await fetch(sandbox.rpcUrl, { method: "OPTIONS", headers: { origin: "http://localhost:4322", "access-control-request-headers": "content-type,solana-client" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type,solana-client");
  });
});

describe("cluster and account methods", () => {
  it("reports slots, epoch, version, rent and fees", async () => {
    const info = await connection.getEpochInfo("confirmed");
    expect(info.absoluteSlot).toBe(info.blockHeight);
    expect(info.slotsInEpoch).toBe(432_000);
    expect((await connection.getVersion())["solana-core"]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    const payer = Keypair.generate();
    const { blockhash } = await connection.getLatestBlockhash("confirmed");
    const message = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 })).compileMessage();
    expect((await connection.getFeeForMessage(message, "confirmed")).value).toBe(5000);
  });

  it("reads mints and token accounts as base64 and jsonParsed, by owner and mint", async () => {
    const owner = Keypair.generate().publicKey;
    const usdc = new PublicKey(sandbox.mints.USDC);
    const usdt = new PublicKey(sandbox.mints.USDT);
    await sandbox.mintTokens(owner.toBase58(), usdc.toBase58(), 1_500_000n);
    await sandbox.mintTokens(owner.toBase58(), usdt.toBase58(), 2_000_000n);

    const mint = await connection.getParsedAccountInfo(usdc, "confirmed");
    expect((mint.value!.data as ParsedAccountData).parsed).toMatchObject({ type: "mint", info: { decimals: 6, isInitialized: true, freezeAuthority: null } });
    const ata = getAssociatedTokenAddressSync(usdc, owner);
    const parsed = await connection.getParsedAccountInfo(ata, "confirmed");
    expect(parsed.value!.data).toMatchObject({
      program: "spl-token",
      space: 165,
      parsed: { type: "account", info: { mint: usdc.toBase58(), owner: owner.toBase58(), state: "initialized", isNative: false, tokenAmount: { amount: "1500000", uiAmountString: "1.5" } } },
    });
    const raw = await connection.getAccountInfo(ata, "confirmed");
    expect(raw!.data.length).toBe(165);
    expect(raw!.owner.equals(TOKEN_PROGRAM_ID)).toBe(true);

    const byProgram = await connection.getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ID }, "confirmed");
    expect(byProgram.value).toHaveLength(2);
    const byMint = await connection.getParsedTokenAccountsByOwner(owner, { mint: usdt }, "confirmed");
    expect(byMint.value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(["2000000"]);
    expect(await call("getTokenAccountsByOwner", [owner.toBase58(), { mint: Keypair.generate().publicKey.toBase58() }])).toMatchObject({
      error: { code: -32602, message: "Invalid param: could not find mint" },
    });

    const many = await connection.getMultipleAccountsInfo([ata, owner, usdc], "confirmed");
    expect(many.map((a) => a?.data.length ?? null)).toEqual([165, null, 82]);
    expect((await connection.getTokenSupply(usdt, "confirmed")).value.decimals).toBe(6);
  });

  it("answers requestAirdrop with a real transfer", async () => {
    const to = Keypair.generate().publicKey;
    const signature = await connection.requestAirdrop(to, 2 * LAMPORTS_PER_SOL);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
    await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
    expect(await connection.getBalance(to, "confirmed")).toBe(2 * LAMPORTS_PER_SOL);
    const tx = await connection.getParsedTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(tx!.transaction.message.instructions[0]).toMatchObject({ program: "system", parsed: { type: "transfer", info: { destination: to.toBase58(), lamports: 2 * LAMPORTS_PER_SOL } } });
  });
});

describe("transaction versions and encodings", () => {
  it("accepts a v0 transaction (base58 too) and gates it on maxSupportedTransactionVersion", async () => {
    const payer = Keypair.generate();
    await sandbox.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const { blockhash } = await connection.getLatestBlockhash("confirmed");
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const sent = await call("sendTransaction", [bs58.encode(tx.serialize()), { preflightCommitment: "confirmed" }]);
    const signature = sent.result as string;
    expect(signature).toBe(bs58.encode(tx.signatures[0]!));
    while (((await connection.getSignatureStatus(signature)).value?.confirmationStatus ?? "processed") === "processed") {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await call("getTransaction", [signature, { commitment: "confirmed" }])).toMatchObject({ error: { code: -32015 } });
    const json = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(json!.version).toBe(0);
    expect(json!.meta!.loadedAddresses).toEqual({ writable: [], readonly: [] });
    const base64 = (await call("getTransaction", [signature, { commitment: "confirmed", encoding: "base64", maxSupportedTransactionVersion: 0 }])).result as {
      transaction: [string, string];
    };
    expect(Buffer.from(base64.transaction[0], "base64").equals(Buffer.from(tx.serialize()))).toBe(true);
  });
});

describe("WebSocket lifecycle", () => {
  it("closes client sockets with code 1000 on stop", async () => {
    const own = await startSolanaSandbox({ slotMs: 10 });
    const socket = new WebSocket(own.wsUrl);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await own.stop();
    expect(await closed).toBe(1000);
    await expect(fetch(own.rpcUrl, { method: "POST", body: "{}" })).rejects.toThrow();
  });

  it("answers unknown PubSub methods with -32601", async () => {
    const socket = new WebSocket(sandbox.wsUrl);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const reply = new Promise<unknown>((resolve) => socket.once("message", (data) => resolve(JSON.parse(data.toString()))));
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "blockSubscribe", params: [] }));
    expect(await reply).toMatchObject({ id: 9, error: { code: -32601 } });
    socket.close();
  });
});
