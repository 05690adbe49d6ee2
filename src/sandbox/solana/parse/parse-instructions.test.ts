import {
  createAssociatedTokenAccountInstruction,
  createInitializeAccountInstruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
} from "@solana/spl-token";
import { Keypair, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { formatMemos, parseInstruction } from "./parse-instructions";

const key = () => Keypair.generate().publicKey;
const parse = (ix: TransactionInstruction) => parseInstruction(ix.programId.toBase58(), ix.keys.map((k) => k.pubkey.toBase58()), ix.data, null);

describe("parseInstruction (jsonParsed, agave's shapes)", () => {
  it("parses a system transfer and createAccount with numeric lamports", () => {
    const [from, to] = [key(), key()];
    expect(parse(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 42 }))).toEqual({
      program: "system",
      programId: "11111111111111111111111111111111",
      parsed: { type: "transfer", info: { source: from.toBase58(), destination: to.toBase58(), lamports: 42 } },
      stackHeight: null,
    });
    const owner = key();
    expect(parse(SystemProgram.createAccount({ fromPubkey: from, newAccountPubkey: to, lamports: 10, space: 165, programId: owner }))).toMatchObject({
      parsed: { type: "createAccount", info: { source: from.toBase58(), newAccount: to.toBase58(), lamports: 10, space: 165, owner: owner.toBase58() } },
    });
  });

  it("parses transferChecked with a UiTokenAmount, and extra keys as multisig signers", () => {
    const [source, mint, destination, owner, reference] = [key(), key(), key(), key(), key()];
    const ix = createTransferCheckedInstruction(source, mint, destination, owner, 1_230_000n, 6);
    expect(parse(ix)).toMatchObject({
      program: "spl-token",
      parsed: {
        type: "transferChecked",
        info: { source: source.toBase58(), mint: mint.toBase58(), destination: destination.toBase58(), authority: owner.toBase58(), tokenAmount: { amount: "1230000", decimals: 6, uiAmount: 1.23, uiAmountString: "1.23" } },
      },
    });
    ix.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
    const withReference = parse(ix) as { parsed: { info: Record<string, unknown> } };
    expect(withReference.parsed.info).toMatchObject({ multisigAuthority: owner.toBase58(), signers: [reference.toBase58()] });
    expect(withReference.parsed.info).not.toHaveProperty("authority");
  });

  it("parses transfer (amount as a string), mintTo and initializeAccount", () => {
    const [a, b, c] = [key(), key(), key()];
    expect(parse(createTransferInstruction(a, b, c, 7n))).toMatchObject({ parsed: { type: "transfer", info: { source: a.toBase58(), destination: b.toBase58(), authority: c.toBase58(), amount: "7" } } });
    expect(parse(createMintToInstruction(a, b, c, 9n))).toMatchObject({ parsed: { type: "mintTo", info: { mint: a.toBase58(), account: b.toBase58(), mintAuthority: c.toBase58(), amount: "9" } } });
    expect(parse(createInitializeAccountInstruction(a, b, c))).toMatchObject({ parsed: { type: "initializeAccount", info: { account: a.toBase58(), mint: b.toBase58(), owner: c.toBase58() } } });
  });

  it("parses associated token account creation and memos", () => {
    const [payer, ata, owner, mint] = [key(), key(), key(), key()];
    expect(parse(createAssociatedTokenAccountInstruction(payer, ata, owner, mint))).toMatchObject({
      program: "spl-associated-token-account",
      parsed: { type: "create", info: { source: payer.toBase58(), account: ata.toBase58(), wallet: owner.toBase58(), mint: mint.toBase58() } },
    });
    expect(parseInstruction("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr", [], Buffer.from("zpay:é"), 1)).toEqual({
      program: "spl-memo",
      programId: "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
      parsed: "zpay:é",
      stackHeight: 1,
    });
  });

  it("leaves unknown programs and malformed data partially decoded", () => {
    const program = key().toBase58();
    const accounts = [key().toBase58()];
    const data = Uint8Array.from([1, 2, 3]);
    expect(parseInstruction(program, accounts, data, null)).toEqual({ programId: program, accounts, data: bs58.encode(data), stackHeight: null });
    // A token transfer with no accounts cannot be parsed; neither can invalid UTF-8 memo data.
    expect(parseInstruction("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", [], Uint8Array.from([3, 1, 0, 0, 0, 0, 0, 0, 0]), null)).not.toHaveProperty("parsed");
    expect(parseInstruction("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr", [], Uint8Array.from([0xff]), null)).not.toHaveProperty("parsed");
  });

  it("formats memos as getSignaturesForAddress does", () => {
    expect(formatMemos([])).toBeNull();
    expect(formatMemos([Buffer.from("a"), Buffer.from("order-42")])).toBe("[1] a; [8] order-42");
  });
});
