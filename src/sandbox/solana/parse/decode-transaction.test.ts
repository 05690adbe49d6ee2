import { Keypair, MessageV0, SystemProgram, Transaction, VersionedTransaction, PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { DecodeError, decodeTransaction, isStaticWritable } from "./decode-transaction";

const blockhash = bs58.encode(Buffer.alloc(32, 7));

describe("decodeTransaction", () => {
  it("decodes a legacy transaction as web3.js serialized it", () => {
    const payer = Keypair.generate();
    const to = Keypair.generate().publicKey;
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 5 }));
    tx.sign(payer);
    const decoded = decodeTransaction(tx.serialize());
    expect(decoded.signature).toBe(bs58.encode(tx.signature!));
    expect(decoded.message.version).toBe("legacy");
    expect(decoded.message.recentBlockhash).toBe(blockhash);
    expect(decoded.message.staticKeys).toEqual([payer.publicKey.toBase58(), to.toBase58(), "11111111111111111111111111111111"]);
    expect(decoded.message.staticKeys.map((_, i) => isStaticWritable(decoded.message, i))).toEqual([true, true, false]);
    expect(Buffer.from(decoded.message.bytes).equals(tx.serializeMessage())).toBe(true);
    expect(decoded.message.instructions[0]).toMatchObject({ programIdIndex: 2, accounts: [0, 1] });
  });

  it("decodes a v0 message with address table lookups", () => {
    const payer = Keypair.generate();
    const table = Keypair.generate().publicKey;
    const message = new MessageV0({
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      staticAccountKeys: [payer.publicKey, SystemProgram.programId],
      recentBlockhash: blockhash,
      compiledInstructions: [{ programIdIndex: 1, accountKeyIndexes: [0, 2], data: Uint8Array.from([2, 0, 0, 0]) }],
      addressTableLookups: [{ accountKey: table, writableIndexes: [4], readonlyIndexes: [] }],
    });
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const decoded = decodeTransaction(tx.serialize());
    expect(decoded.message.version).toBe(0);
    expect(decoded.message.addressTableLookups).toEqual([{ accountKey: table.toBase58(), writableIndexes: [4], readonlyIndexes: [] }]);
    expect(Buffer.from(decoded.message.bytes).equals(Buffer.from(message.serialize()))).toBe(true);
  });

  it("refuses truncated bytes, trailing bytes and missing signatures", () => {
    const payer = Keypair.generate();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(blockhash), lamports: 5 }));
    tx.sign(payer);
    const raw = tx.serialize();
    expect(() => decodeTransaction(raw.subarray(0, raw.length - 1))).toThrow(DecodeError);
    expect(() => decodeTransaction(Buffer.concat([raw, Buffer.from([0])]))).toThrow(DecodeError);
    // Zero signatures for a message that needs one.
    expect(() => decodeTransaction(Buffer.concat([Buffer.from([0]), raw.subarray(65)]))).toThrow(DecodeError);
  });
});
