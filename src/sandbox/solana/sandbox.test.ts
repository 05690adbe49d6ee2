import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import { findReference, validateTransfer } from "@solana/pay";
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  sendAndConfirmTransaction,
  Transaction,
  TransactionInstruction,
  type ParsedInstruction,
  type TokenBalance,
} from "@solana/web3.js";
import BigNumber from "bignumber.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSolanaSandbox, type SolanaSandbox } from "./index";
import { PROGRAM_IDS } from "./keys";

const MEMO_PROGRAM_ID = new PublicKey(PROGRAM_IDS.memo);
const USDC = (units: number) => BigInt(units) * 1_000_000n;

let sandbox: SolanaSandbox;
let connection: Connection;
let mint: PublicKey;

const memo = (text: string) => new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text, "utf8") });

/** A payer with SOL for fees and `usdc` test USDC. */
async function fundedPayer(usdc: bigint): Promise<Keypair> {
  const payer = Keypair.generate();
  await sandbox.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
  if (usdc > 0n) await sandbox.mintTokens(payer.publicKey.toBase58(), mint.toBase58(), usdc);
  return payer;
}

/**
 * Build, sign, send, confirm with a fresh blockhash, as wallet adapters do. web3.js's
 * sendAndConfirmTransaction reuses one blockhash for 30 s of wall-clock time, which outlives
 * 150 slots on this fast test clock (1.5 s); it is used once below, on a fresh Connection.
 */
async function send(tx: Transaction, signers: Keypair[]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  tx.recentBlockhash = blockhash;
  tx.feePayer = signers[0]!.publicKey;
  tx.sign(...signers);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  return signature;
}

/** Polls the signature status until it is confirmed (web3.js's confirmTransaction rejects on a failed transaction). */
async function confirmedStatus(signature: string) {
  for (;;) {
    const { value } = await connection.getSignatureStatus(signature);
    if (value && value.confirmationStatus !== "processed") return value;
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A Solana Pay style payment: create the recipient's ATA if needed, memo, transferChecked with the reference appended. */
function payment(payer: Keypair, recipient: PublicKey, amount: bigint, reference: PublicKey, text: string): Transaction {
  const source = getAssociatedTokenAddressSync(mint, payer.publicKey);
  const destination = getAssociatedTokenAddressSync(mint, recipient);
  const transfer = createTransferCheckedInstruction(source, mint, destination, payer.publicKey, amount, 6);
  transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  return new Transaction().add(createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, destination, recipient, mint), memo(text), transfer);
}

beforeAll(async () => {
  sandbox = await startSolanaSandbox({ slotMs: 10 });
  connection = new Connection(sandbox.rpcUrl, { commitment: "confirmed", wsEndpoint: sandbox.wsUrl });
  mint = new PublicKey(sandbox.mints.USDC);
});

afterAll(async () => {
  await sandbox?.stop();
});

describe("local Solana network through web3.js and spl-token", () => {
  it("starts with test USDC and USDT mints (6 decimals) at the deterministic addresses, finalized", async () => {
    expect(sandbox.mints).toEqual({ USDC: "6yaM1wWQBtHUB7913Aok3aZj4MKoy8u4j3uLheH9yWTd", USDT: "HQQ1XCg2K5RLEohxhxiqoR7KvMiJSXJZhHM4wRuaAP63" });
    for (const address of Object.values(sandbox.mints)) {
      const info = await getMint(connection, new PublicKey(address), "finalized");
      expect(info.decimals).toBe(6);
      expect(info.isInitialized).toBe(true);
    }
    expect(sandbox.wsUrl).toBe(sandbox.rpcUrl.replace("http://", "ws://").replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`));
  });

  it("airdrop and mintTokens are real, recorded, confirmed transactions", async () => {
    const owner = Keypair.generate().publicKey;
    const airdrop = await sandbox.airdrop(owner.toBase58(), 3n * BigInt(LAMPORTS_PER_SOL));
    const minted = await sandbox.mintTokens(owner.toBase58(), mint.toBase58(), USDC(250));
    expect(await connection.getBalance(owner, "confirmed")).toBe(3 * LAMPORTS_PER_SOL);
    const ata = await getAccount(connection, getAssociatedTokenAddressSync(mint, owner), "confirmed");
    expect(ata.amount).toBe(USDC(250));
    expect(ata.owner.equals(owner)).toBe(true);

    expect(sandbox.getRecordedTransaction(airdrop)).toMatchObject({ signature: airdrop, err: null });
    const recorded = sandbox.getRecordedTransaction(minted)!;
    expect(recorded.slot).toBeLessThanOrEqual(sandbox.slots().confirmed);
    expect(recorded.logs).toContain("Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]");

    const parsed = await connection.getParsedTransaction(minted, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    const types = parsed!.transaction.message.instructions.map((ix) => ("parsed" in ix ? `${ix.program}:${(ix.parsed as { type?: string }).type ?? "memo"}` : "raw"));
    expect(types).toEqual(["spl-associated-token-account:createIdempotent", "spl-token:mintToChecked", "spl-memo:memo"]);
    const history = await connection.getSignaturesForAddress(owner, {}, "confirmed");
    expect(history.map((h) => h.signature)).toEqual([minted, airdrop]);
  });

  it("pays test USDC with a memo and a reference key; found by reference and read back parsed", async () => {
    const payer = await fundedPayer(USDC(100));
    const merchant = Keypair.generate().publicKey;
    const reference = Keypair.generate().publicKey;
    // sendAndConfirmTransaction confirms through the WebSocket (signatureSubscribe).
    const fresh = new Connection(sandbox.rpcUrl, { commitment: "confirmed", wsEndpoint: sandbox.wsUrl });
    const signature = await sendAndConfirmTransaction(fresh, payment(payer, merchant, USDC(12) + 500_000n, reference, "zpay:order-7"), [payer], {
      commitment: "confirmed",
    });

    const found = await connection.getSignaturesForAddress(reference, {}, "confirmed");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ signature, err: null, memo: "[12] zpay:order-7", confirmationStatus: expect.stringMatching(/confirmed|finalized/) });

    const tx = await connection.getParsedTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(tx).not.toBeNull();
    const [createAta, memoIx, transfer] = tx!.transaction.message.instructions as ParsedInstruction[];
    expect(createAta!.program).toBe("spl-associated-token-account");
    expect(memoIx).toMatchObject({ program: "spl-memo", parsed: "zpay:order-7" });
    const payerAta = getAssociatedTokenAddressSync(mint, payer.publicKey).toBase58();
    const merchantAta = getAssociatedTokenAddressSync(mint, merchant).toBase58();
    // A key appended after the authority reads as a multisig signer on a real node, too.
    expect(transfer).toMatchObject({
      program: "spl-token",
      parsed: {
        type: "transferChecked",
        info: {
          source: payerAta,
          destination: merchantAta,
          mint: mint.toBase58(),
          multisigAuthority: payer.publicKey.toBase58(),
          signers: [reference.toBase58()],
          tokenAmount: { amount: "12500000", decimals: 6, uiAmount: 12.5, uiAmountString: "12.5" },
        },
      },
    });
    const keys = tx!.transaction.message.accountKeys.map((k) => k.pubkey.toBase58());
    const balance = (list: TokenBalance[] | null | undefined, account: string) => list?.find((b) => keys[b.accountIndex] === account)?.uiTokenAmount.amount;
    expect(balance(tx!.meta!.preTokenBalances, payerAta)).toBe("100000000");
    expect(balance(tx!.meta!.postTokenBalances, payerAta)).toBe("87500000");
    expect(balance(tx!.meta!.preTokenBalances, merchantAta)).toBeUndefined();
    expect(balance(tx!.meta!.postTokenBalances, merchantAta)).toBe("12500000");
    expect(tx!.meta!.fee).toBe(5000);
    expect(tx!.meta!.err).toBeNull();
    expect(tx!.meta!.logMessages).toContain("Program log: Memo (len 12)");
    expect(tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]!).toBe(5000 + 2_039_280); // fee + the new ATA's rent
    const merchantAccounts = await connection.getParsedTokenAccountsByOwner(merchant, { programId: TOKEN_PROGRAM_ID }, "confirmed");
    expect(merchantAccounts.value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(["12500000"]);
  });

  it("works with @solana/pay findReference and validateTransfer", async () => {
    const payer = await fundedPayer(USDC(20));
    const merchant = Keypair.generate().publicKey;
    const reference = Keypair.generate().publicKey;
    await send(payment(payer, merchant, USDC(5), reference, "zpay:order-8"), [payer]);

    const found = await findReference(connection, reference, { finality: "confirmed" });
    const response = await validateTransfer(
      connection,
      found.signature,
      { recipient: merchant, amount: new BigNumber(5), splToken: mint, reference, memo: "zpay:order-8" },
      { commitment: "confirmed" },
    );
    expect(response.transaction.signatures[0]).toBe(found.signature);
    await expect(
      validateTransfer(connection, found.signature, { recipient: merchant, amount: new BigNumber(6), splToken: mint, reference }, { commitment: "confirmed" }),
    ).rejects.toThrow("amount not transferred");
  });

  it("fires logsSubscribe (mentions) and accountSubscribe at confirmed", async () => {
    const payer = await fundedPayer(USDC(10));
    const merchant = Keypair.generate().publicKey;
    const reference = Keypair.generate().publicKey;
    const payerAta = getAssociatedTokenAddressSync(mint, payer.publicKey);
    const logs = new Promise<{ signature: string; logs: string[] }>((resolve) => {
      const id = connection.onLogs(reference, (entry) => {
        void connection.removeOnLogsListener(id);
        resolve(entry);
      }, "confirmed");
    });
    const account = new Promise<bigint>((resolve) => {
      const id = connection.onAccountChange(payerAta, (info) => {
        void connection.removeAccountChangeListener(id);
        resolve(info.data.readBigUInt64LE(64));
      }, "confirmed");
    });
    // web3.js sends subscriptions in order on one socket: once a slot notification arrives, the
    // server has registered the two subscriptions above.
    await new Promise<void>((resolve) => {
      const id = connection.onSlotChange(() => {
        void connection.removeSlotChangeListener(id);
        resolve();
      });
    });
    const signature = await send(payment(payer, merchant, USDC(3), reference, "zpay:logs"), [payer]);
    const entry = await logs;
    expect(entry.signature).toBe(signature);
    expect(entry.logs).toContain("Program log: zpay:logs");
    expect(await account).toBe(USDC(7));
  });

  it("rejects a transfer above the balance with the node's preflight error and logs", async () => {
    const payer = await fundedPayer(USDC(1));
    const tx = payment(payer, Keypair.generate().publicKey, USDC(2), Keypair.generate().publicKey, "too much");
    const error = await send(tx, [payer]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    const sendError = error as SendTransactionError;
    expect(sendError.message).toContain("Transaction simulation failed: Error processing Instruction 2: custom program error: 0x1");
    expect(await sendError.getLogs(connection)).toContain("Program log: Error: insufficient funds");
    expect(sendError.transactionError.message).toContain("custom program error: 0x1");
  });

  it("records a failing transaction sent with skipPreflight, with its error, logs and fee", async () => {
    const payer = await fundedPayer(USDC(1));
    const before = await connection.getBalance(payer.publicKey, "confirmed");
    const tx = payment(payer, Keypair.generate().publicKey, USDC(2), Keypair.generate().publicKey, "skip");
    tx.recentBlockhash = (await connection.getLatestBlockhash("confirmed")).blockhash;
    tx.feePayer = payer.publicKey;
    tx.sign(payer);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const status = await confirmedStatus(signature);
    expect(status.err).toEqual({ InstructionError: [2, { Custom: 1 }] });
    const recorded = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(recorded!.meta!.err).toEqual({ InstructionError: [2, { Custom: 1 }] });
    expect(recorded!.meta!.logMessages).toContain("Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA failed: custom program error: 0x1");
    expect(recorded!.meta!.fee).toBe(5000);
    // Only the fee is charged: the ATA creation in the same transaction was rolled back.
    expect(await connection.getBalance(payer.publicKey, "confirmed")).toBe(before - 5000);
  });

  it("answers 'already processed' when the same transaction is sent twice", async () => {
    const payer = await fundedPayer(0n);
    const tx = new Transaction().add(memo("once"));
    tx.recentBlockhash = (await connection.getLatestBlockhash("processed")).blockhash;
    tx.feePayer = payer.publicKey;
    tx.sign(payer);
    const raw = tx.serialize();
    const signature = await connection.sendRawTransaction(raw, { preflightCommitment: "processed" });
    const again = await connection.sendRawTransaction(raw, { preflightCommitment: "processed" }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(SendTransactionError);
    expect((again as Error).message).toContain("This transaction has already been processed");
    expect(sandbox.getRecordedTransaction(signature)?.err).toBeNull();
  });

  it("refuses a fee payer with no lamports", async () => {
    const broke = Keypair.generate();
    const tx = new Transaction().add(memo("no fee"));
    const error = await send(tx, [broke]).catch((e: unknown) => e);
    expect((error as Error).message).toContain("Attempt to debit an account but found no record of a prior credit.");
  });

  it("pages getSignaturesForAddress newest first with limit, before and until", async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) sent.push(await sandbox.airdrop(owner, 1_000_000n));
    const newestFirst = [...sent].reverse();
    const key = new PublicKey(owner);
    const all = await connection.getSignaturesForAddress(key, {}, "confirmed");
    expect(all.map((s) => s.signature)).toEqual(newestFirst);
    const page1 = await connection.getSignaturesForAddress(key, { limit: 2 }, "confirmed");
    const page2 = await connection.getSignaturesForAddress(key, { limit: 2, before: page1[1]!.signature }, "confirmed");
    const page3 = await connection.getSignaturesForAddress(key, { limit: 2, before: page2[1]!.signature }, "confirmed");
    expect([...page1, ...page2, ...page3].map((s) => s.signature)).toEqual(newestFirst);
    const untilSecond = await connection.getSignaturesForAddress(key, { until: sent[1] }, "confirmed");
    expect(untilSecond.map((s) => s.signature)).toEqual(newestFirst.slice(0, 3));
    await expect(connection.getSignaturesForAddress(key, { limit: 1001 })).rejects.toThrow("Invalid limit; max 1000");
  });

  it("simulates a transaction with logs and an error without recording it", async () => {
    const payer = await fundedPayer(USDC(1));
    const tx = payment(payer, Keypair.generate().publicKey, USDC(5), Keypair.generate().publicKey, "simulate");
    tx.recentBlockhash = (await connection.getLatestBlockhash("confirmed")).blockhash;
    tx.feePayer = payer.publicKey;
    const result = await connection.simulateTransaction(tx);
    expect(result.value.err).toEqual({ InstructionError: [2, { Custom: 1 }] });
    expect(result.value.logs).toContain("Program log: Error: insufficient funds");
    expect(result.value.unitsConsumed).toBeGreaterThan(0);
  });
});
