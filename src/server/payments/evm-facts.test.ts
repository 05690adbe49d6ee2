import { describe, expect, it } from "vitest";
import type { Hex } from "viem";
import type { ObservedProxyPayment } from "../chains/evm/extract-proxy-payments";
import { evmFacts, type ExpectedEvmPayment } from "./evm-facts";

const MERCHANT = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/** The transaction as its receipt names it: the payer signed it. */
const tx = { from: PAYER };
const TOPIC: Hex = `0x${"11".repeat(32)}`;
const expected: ExpectedEvmPayment = { chainId: 31337, reference: "0x0102030405060708", referenceTopic: TOPIC, recipientTokenAccount: MERCHANT, tokenAddress: TOKEN };

const observed = (over: Partial<ObservedProxyPayment> = {}): ObservedProxyPayment => ({
  transactionHash: `0x${"ab".repeat(32)}`,
  logIndex: 3,
  blockNumber: 9n,
  blockHash: `0x${"cd".repeat(32)}`,
  referenceTopic: TOPIC,
  tokenAddress: TOKEN.toLowerCase() as Hex,
  to: MERCHANT.toLowerCase() as Hex,
  amount: 5_000_000n,
  transfer: { from: PAYER, value: 5_000_000n, logIndex: 2 },
  removed: false,
  ...over,
});

describe("evmFacts", () => {
  it("reports a proxy payment as a transfer: hash and log index as its key, the Transfer's sender as payer, addresses in the row's spelling", () => {
    expect(evmFacts([observed()], expected, "confirmed", tx)).toEqual([
      {
        kind: "transfer",
        chainId: 31337,
        reference: expected.reference,
        signature: `0x${"ab".repeat(32)}`,
        instructionIndex: 3,
        payer: PAYER,
        source: PAYER,
        recipientTokenAccount: MERCHANT,
        mint: TOKEN,
        amount: 5_000_000n,
        recipientBalanceDelta: 5_000_000n,
        parties: [PAYER],
        commitment: "confirmed",
      },
    ]);
  });

  it("names the transaction's signer as a party: a listed wallet paying through its own relay contract is named by the transaction, not the Transfer", () => {
    const relay = "0x8464135c8F25Da09e49BC8782676a84730C318bC";
    const listed = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
    const [fact] = evmFacts([observed({ transfer: { from: relay, value: 5_000_000n, logIndex: 2 } })], expected, "confirmed", { from: listed });
    expect(fact).toMatchObject({ payer: relay, parties: [listed] });
  });

  it("reports another recipient or token as seen, so the transition rejects it", () => {
    const other = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const [fact] = evmFacts([observed({ to: other, tokenAddress: other })], expected, "finalized", tx);
    expect(fact).toMatchObject({ recipientTokenAccount: other, mint: other, commitment: "finalized" });
  });

  it("a self-payment is reported with the recipient as its source", () => {
    const [fact] = evmFacts([observed({ transfer: { from: MERCHANT.toLowerCase() as Hex, value: 5_000_000n, logIndex: 2 } })], expected, "confirmed", tx);
    expect(fact!.source).toBe(fact!.recipientTokenAccount);
  });

  it("reports nothing for another reference, a removed log, or a proxy log no token Transfer backs", () => {
    expect(evmFacts([observed({ referenceTopic: `0x${"22".repeat(32)}` })], expected, "confirmed", tx)).toEqual([]);
    expect(evmFacts([observed({ removed: true })], expected, "confirmed", tx)).toEqual([]);
    expect(evmFacts([observed({ transfer: undefined })], expected, "confirmed", tx)).toEqual([]);
  });
});
