import { describe, expect, it } from "vitest";
import { Keypair, PublicKey, type ParsedTransactionWithMeta } from "@solana/web3.js";
import { extractTransfers, MEMO_PROGRAM_ID } from "./extract-transfers";

const key = () => Keypair.generate().publicKey;
const TOKEN = new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
const payer = key();
const source = key();
const destination = key();
const mint = key();

function parsedTx(instructions: unknown[], meta: Partial<ParsedTransactionWithMeta["meta"]> = {}): ParsedTransactionWithMeta {
  const accountKeys = [payer, source, destination, mint].map((pubkey, i) => ({ pubkey, signer: i === 0, writable: i < 3 }));
  return {
    slot: 77,
    transaction: { signatures: ["sig"], message: { accountKeys, instructions, recentBlockhash: "x" } },
    meta: { err: null, fee: 5000, preBalances: [], postBalances: [], preTokenBalances: [], postTokenBalances: [], logMessages: [], innerInstructions: [], ...meta },
  } as unknown as ParsedTransactionWithMeta;
}

const transferChecked = (amount: string) => ({
  program: "spl-token",
  programId: TOKEN,
  parsed: { type: "transferChecked", info: { source: source.toBase58(), destination: destination.toBase58(), mint: mint.toBase58(), authority: payer.toBase58(), tokenAmount: { amount, decimals: 6 } } },
});
const memo = (text: string) => ({ program: "spl-memo", programId: new PublicKey(MEMO_PROGRAM_ID), parsed: text });

describe("extractTransfers", () => {
  it("reads a transferChecked with its index, amount as bigint, payer and memo", () => {
    const observed = extractTransfers("sig", parsedTx([memo("zpay:abc"), transferChecked("12500000")]));
    expect(observed).toEqual({
      signature: "sig",
      slot: 77,
      err: undefined,
      memos: ["zpay:abc"],
      transfers: [
        { instructionIndex: 1, innerIndex: -1, source: source.toBase58(), destination: destination.toBase58(), mint: mint.toBase58(), amount: 12_500_000n, authority: payer.toBase58() },
      ],
      balanceChanges: {},
      accountKeys: [payer, source, destination, mint].map((k) => k.toBase58()),
      signers: [payer.toBase58()],
    });
  });

  it("finds the mint of a plain transfer from the destination's token balance", () => {
    const plain = { program: "spl-token", programId: TOKEN, parsed: { type: "transfer", info: { source: source.toBase58(), destination: destination.toBase58(), authority: payer.toBase58(), amount: "5" } } };
    const observed = extractTransfers("sig", parsedTx([plain], { postTokenBalances: [{ accountIndex: 2, mint: mint.toBase58(), uiTokenAmount: { amount: "5", decimals: 6, uiAmount: 0, uiAmountString: "0" } }] }));
    expect(observed.transfers[0]).toMatchObject({ mint: mint.toBase58(), amount: 5n, instructionIndex: 0 });
  });

  it("keeps a failed transaction's error and ignores other programs and undecoded instructions", () => {
    const observed = extractTransfers(
      "sig",
      parsedTx(
        [
          { program: "system", programId: key(), parsed: { type: "transfer", info: { lamports: 1 } } },
          { programId: key(), accounts: [], data: "" },
          { program: "spl-token", programId: TOKEN, parsed: { type: "initializeAccount", info: {} } },
          transferChecked("1"),
        ],
        { err: { InstructionError: [3, { Custom: 1 }] } },
      ),
    );
    expect(observed.err).toBe('{"InstructionError":[3,{"Custom":1}]}');
    expect(observed.transfers.map((t) => t.instructionIndex)).toEqual([3]);
    expect(observed.memos).toEqual([]);
  });

  it("finds transfers made inside another program's instruction (CPI), keyed by outer and inner index", () => {
    const program = { programId: key(), accounts: [], data: "" };
    const observed = extractTransfers(
      "sig",
      parsedTx([program], { innerInstructions: [{ index: 0, instructions: [memo("zpay:inner"), transferChecked("7")] }] } as never),
    );
    expect(observed.transfers).toMatchObject([{ instructionIndex: 0, innerIndex: 1, amount: 7n }]);
    expect(observed.memos).toEqual(["zpay:inner"]);
  });

  it("reads each token account's balance change and the source account's owner", () => {
    const owner = key().toBase58();
    const amount = (a: string) => ({ amount: a, decimals: 6, uiAmount: 0, uiAmountString: "0" });
    const observed = extractTransfers(
      "sig",
      parsedTx([transferChecked("5")], {
        preTokenBalances: [
          { accountIndex: 1, mint: mint.toBase58(), owner, uiTokenAmount: amount("100") },
          { accountIndex: 2, mint: mint.toBase58(), uiTokenAmount: amount("10") },
        ],
        postTokenBalances: [
          { accountIndex: 1, mint: mint.toBase58(), owner, uiTokenAmount: amount("95") },
          { accountIndex: 2, mint: mint.toBase58(), uiTokenAmount: amount("15") },
        ],
      }),
    );
    expect(observed.balanceChanges).toEqual({ [source.toBase58()]: -5n, [destination.toBase58()]: 5n });
    expect(observed.transfers[0]).toMatchObject({ sourceOwner: owner });
  });
});
