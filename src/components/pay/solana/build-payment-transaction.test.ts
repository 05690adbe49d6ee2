import { describe, expect, it } from "vitest";
import { Buffer } from "buffer";
import { Keypair, Transaction } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, TokenInstruction, decodeTransferCheckedInstructionUnchecked, getAssociatedTokenAddressSync } from "@solana/spl-token";
import { MEMO_PROGRAM_ID, buildPaymentTransaction } from "./build-payment-transaction";

const payer = Keypair.generate().publicKey;
const mint = Keypair.generate().publicKey;
const recipient = Keypair.generate().publicKey;
const reference = Keypair.generate().publicKey;
const destination = getAssociatedTokenAddressSync(mint, recipient);
const blockhash = Keypair.generate().publicKey.toBase58();
const info = {
  address: destination.toBase58(),
  tokenAddress: mint.toBase58(),
  amountWei: "12500000",
  decimals: 6,
  reference: reference.toBase58(),
  memo: "zpay:order-42",
};

describe("buildPaymentTransaction", () => {
  const tx = buildPaymentTransaction({ payer, info, blockhash, lastValidBlockHeight: 99 });

  it("is paid and signed by the payer with the connection's blockhash", () => {
    expect(tx.feePayer?.equals(payer)).toBe(true);
    expect(tx.recentBlockhash).toBe(blockhash);
    expect(tx.lastValidBlockHeight).toBe(99);
    expect(tx.instructions).toHaveLength(2);
  });

  it("transfers the exact base units from the payer's token account to info.address, checked against the mint", () => {
    const [transfer] = tx.instructions;
    expect(transfer!.programId.equals(TOKEN_PROGRAM_ID)).toBe(true);
    const decoded = decodeTransferCheckedInstructionUnchecked(transfer!);
    expect(decoded.data.instruction).toBe(TokenInstruction.TransferChecked);
    expect(decoded.data.amount).toBe(12_500_000n);
    expect(decoded.data.decimals).toBe(6);
    expect(decoded.keys.source!.pubkey.equals(getAssociatedTokenAddressSync(mint, payer))).toBe(true);
    expect(decoded.keys.mint!.pubkey.equals(mint)).toBe(true);
    expect(decoded.keys.destination!.pubkey.equals(destination)).toBe(true);
    expect(decoded.keys.owner).toMatchObject({ isSigner: true });
    expect(decoded.keys.owner!.pubkey.equals(payer)).toBe(true);
  });

  it("appends the reference as a read-only, non-signer key of the transfer", () => {
    const keys = tx.instructions[0]!.keys;
    expect(keys).toHaveLength(5);
    expect(keys[4]!.pubkey.equals(reference)).toBe(true);
    expect(keys[4]).toMatchObject({ isSigner: false, isWritable: false });
  });

  it("carries the memo, signed by the payer", () => {
    const memo = tx.instructions[1]!;
    expect(memo.programId.equals(MEMO_PROGRAM_ID)).toBe(true);
    expect(new TextDecoder().decode(memo.data)).toBe("zpay:order-42");
    expect(memo.keys).toHaveLength(1);
    expect(memo.keys[0]!.pubkey.equals(payer)).toBe(true);
    expect(memo.keys[0]).toMatchObject({ isSigner: true, isWritable: false });
  });

  it("survives serialisation: the message lists the reference and asks only the payer to sign", () => {
    const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
    const back = Transaction.from(wire);
    expect(back.signatures.map((s) => s.publicKey.toBase58())).toEqual([payer.toBase58()]);
    const message = back.compileMessage();
    const index = message.accountKeys.findIndex((k) => k.equals(reference));
    expect(index).toBeGreaterThan(0);
    expect(message.isAccountSigner(index)).toBe(false);
    expect(message.isAccountWritable(index)).toBe(false);
    expect(new TextDecoder().decode(back.instructions[1]!.data)).toBe("zpay:order-42");
  });

  it("opens a missing recipient token account first, idempotently, paid by the payer", () => {
    const withCreate = buildPaymentTransaction({ payer, info: { ...info, recipient: recipient.toBase58(), createRecipientAccount: true }, blockhash, lastValidBlockHeight: 1 });
    expect(withCreate.instructions).toHaveLength(3);
    const [create, transfer] = withCreate.instructions;
    expect(create!.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true);
    expect(create!.data).toEqual(Buffer.from([1])); // CreateIdempotent
    expect(create!.keys[0]!.pubkey.equals(payer)).toBe(true);
    expect(create!.keys[1]!.pubkey.equals(destination)).toBe(true);
    expect(create!.keys[2]!.pubkey.equals(recipient)).toBe(true);
    expect(transfer!.programId.equals(TOKEN_PROGRAM_ID)).toBe(true);
    // Without the flag (the account exists) the payer's transaction stays two instructions.
    expect(buildPaymentTransaction({ payer, info: { ...info, recipient: recipient.toBase58() }, blockhash, lastValidBlockHeight: 1 }).instructions).toHaveLength(2);
  });

  it("uses the mint's token program (Token-2022) for the transfer and the payer's account", () => {
    const t22 = buildPaymentTransaction({ payer, info, blockhash, lastValidBlockHeight: 1, tokenProgramId: TOKEN_2022_PROGRAM_ID });
    const transfer = t22.instructions[0]!;
    expect(transfer.programId.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(transfer.keys[0]!.pubkey.equals(getAssociatedTokenAddressSync(mint, payer, false, TOKEN_2022_PROGRAM_ID))).toBe(true);
  });

  it.each(["0", "-5", "1.5", "abc"])("refuses the amount %s", (amountWei) => {
    expect(() => buildPaymentTransaction({ payer, info: { ...info, amountWei }, blockhash, lastValidBlockHeight: 1 })).toThrow(/Invalid payment amount/);
  });

  it("refuses an address that is not a public key", () => {
    expect(() => buildPaymentTransaction({ payer, info: { ...info, reference: "not-a-key" }, blockhash, lastValidBlockHeight: 1 })).toThrow();
  });
});

