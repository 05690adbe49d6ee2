import { describe, expect, it } from "vitest";
import type { ObservedTransaction } from "../chains/solana/extract-transfers";
import { solanaFacts } from "./solana-facts";

const expected = { chainId: -5001, reference: "Ref", recipientTokenAccount: "MerchantAta", memo: "zpay:p1" };
const payment = { instructionIndex: 1, innerIndex: -1, source: "PayerAta", destination: "MerchantAta", mint: "Mint", amount: 5n, authority: "Payer" };
const observed = (over: Partial<ObservedTransaction> = {}): ObservedTransaction => ({
  signature: "Sig",
  slot: 9,
  transfers: [payment],
  memos: ["zpay:p1"],
  balanceChanges: { MerchantAta: 5n, PayerAta: -5n },
  accountKeys: ["Payer", "PayerAta", "MerchantAta"],
  signers: ["Payer"],
  ...over,
});

describe("solanaFacts", () => {
  it("reports the transfer to the expected account with its memo, source and the balance change that proves it arrived", () => {
    expect(solanaFacts(observed(), expected, "finalized")).toEqual([
      {
        kind: "transfer", chainId: -5001, reference: "Ref", signature: "Sig", instructionIndex: 1, innerIndex: -1, payer: "Payer", source: "PayerAta",
        recipientTokenAccount: "MerchantAta", mint: "Mint", amount: 5n, recipientBalanceDelta: 5n, parties: ["Payer"], memo: "zpay:p1", commitment: "finalized",
      },
    ]);
  });

  it("names every signer and the fee payer as parties: a listed fee payer or co-signer of a clean wallet's transfer is one of them", () => {
    const [fact] = solanaFacts(observed({ accountKeys: ["ListedFeePayer", "Payer", "CoSigner", "PayerAta", "MerchantAta"], signers: ["ListedFeePayer", "Payer", "CoSigner"] }), expected, "confirmed");
    expect(fact).toMatchObject({ payer: "Payer", parties: ["Payer", "ListedFeePayer", "CoSigner"] });
    // A delegate's transfer: the authority, the source's owner and the fee payer.
    const delegated = solanaFacts(observed({ transfers: [{ ...payment, authority: "Delegate", sourceOwner: "Owner" }], accountKeys: ["FeePayer"], signers: [] }), expected, "confirmed");
    expect(delegated[0]).toMatchObject({ parties: ["Delegate", "Owner", "FeePayer"] });
  });

  it("reports every transfer into the expected account (outer and inner), each with its own share of the balance change", () => {
    const facts = solanaFacts(
      observed({
        transfers: [
          { ...payment, instructionIndex: 0, destination: "Elsewhere", amount: 1n },
          { ...payment, instructionIndex: 2, amount: 7n },
          { ...payment, instructionIndex: 3, innerIndex: 0, amount: 3n, authority: "SmartWallet", sourceOwner: "Owner" },
        ],
        balanceChanges: { MerchantAta: 10n },
      }),
      expected,
      "confirmed",
    );
    expect(facts).toMatchObject([
      { instructionIndex: 2, innerIndex: -1, amount: 7n, recipientBalanceDelta: 7n },
      { instructionIndex: 3, innerIndex: 0, amount: 3n, recipientBalanceDelta: 3n, payer: "SmartWallet", sourceOwner: "Owner" },
    ]);
  });

  it("a balance that grew less than the transfers says so (fee withheld, or money taken out again)", () => {
    const [fact] = solanaFacts(observed({ balanceChanges: { MerchantAta: 4n } }), expected, "confirmed");
    expect(fact).toMatchObject({ amount: 5n, recipientBalanceDelta: 4n });
    const [out] = solanaFacts(
      observed({ transfers: [payment, { ...payment, instructionIndex: 2, source: "MerchantAta", destination: "Thief", amount: 5n }], balanceChanges: { MerchantAta: 0n } }),
      expected,
      "confirmed",
    );
    expect(out).toMatchObject({ instructionIndex: 1, recipientBalanceDelta: 0n });
  });

  it("reports a wrong recipient as seen, and a memo other than ours", () => {
    const facts = solanaFacts(observed({ transfers: [{ ...payment, instructionIndex: 0, source: "A", destination: "Thief" }], memos: ["other"] }), expected, "confirmed");
    expect(facts).toMatchObject([{ recipientTokenAccount: "Thief", memo: "other" }]);
  });

  it("reports a failed transaction as one chain error, and nothing for a transaction without transfers", () => {
    expect(solanaFacts(observed({ err: "boom" }), expected, "confirmed")).toEqual([{ kind: "chain-error", signature: "Sig", err: "boom" }]);
    expect(solanaFacts(observed({ transfers: [] }), expected, "confirmed")).toEqual([]);
  });
});
