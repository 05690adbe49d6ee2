import { describe, expect, it } from "vitest";
import type { ObservedTransaction } from "../chains/solana/extract-transfers";
import { solanaFact } from "./solana-facts";

const expected = { chainId: -5001, reference: "Ref", recipientTokenAccount: "MerchantAta", memo: "zpay:p1" };
const observed = (over: Partial<ObservedTransaction> = {}): ObservedTransaction => ({
  signature: "Sig",
  slot: 9,
  transfers: [{ instructionIndex: 1, source: "PayerAta", destination: "MerchantAta", mint: "Mint", amount: 5n, authority: "Payer" }],
  memos: ["zpay:p1"],
  ...over,
});

describe("solanaFact", () => {
  it("reports the transfer to the expected account with its memo and commitment", () => {
    expect(solanaFact(observed(), expected, "finalized")).toEqual({
      kind: "transfer", chainId: -5001, reference: "Ref", signature: "Sig", instructionIndex: 1, payer: "Payer",
      recipientTokenAccount: "MerchantAta", mint: "Mint", amount: 5n, memo: "zpay:p1", commitment: "finalized", err: undefined,
    });
  });

  it("prefers the expected recipient among several transfers", () => {
    const fact = solanaFact(
      observed({ transfers: [
        { instructionIndex: 0, source: "A", destination: "Elsewhere", mint: "Mint", amount: 1n, authority: "Payer" },
        { instructionIndex: 2, source: "A", destination: "MerchantAta", mint: "Mint", amount: 7n, authority: "Payer" },
      ] }),
      expected,
      "confirmed",
    );
    expect(fact).toMatchObject({ instructionIndex: 2, amount: 7n });
  });

  it("reports a wrong recipient as seen, and a memo other than ours", () => {
    const fact = solanaFact(observed({ transfers: [{ instructionIndex: 0, source: "A", destination: "Thief", mint: "Mint", amount: 5n, authority: "P" }], memos: ["other"] }), expected, "confirmed");
    expect(fact).toMatchObject({ recipientTokenAccount: "Thief", memo: "other" });
  });

  it("reports a failed transaction without transfers as a chain error, and stays silent otherwise", () => {
    expect(solanaFact(observed({ transfers: [], err: "boom" }), expected, "confirmed")).toEqual({ kind: "chain-error", signature: "Sig", err: "boom" });
    expect(solanaFact(observed({ transfers: [] }), expected, "confirmed")).toBeUndefined();
  });
});
