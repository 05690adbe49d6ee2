import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { RefundStatus } from "./refund-rules";
import { pickSender, refundSenders, type DestinedRefund, type SenderCredit } from "./refund-senders";

const SOLANA = -5001;
const EVM = 31337;
const PAYER = "Payer111111111111111111111111111111111111111";
const STRANGER = "Stranger1111111111111111111111111111111111";
const credit = (owner: string, amount: bigint): SenderCredit => ({ owner, amount });
const refund = (destinationOwner: string, amount: bigint, status: RefundStatus = "requested"): DestinedRefund => ({ destinationOwner, amount, status });

describe("a payment's senders and what each may get back", () => {
  it("dust sent first with the reference does not make its sender the default destination", () => {
    const senders = refundSenders(SOLANA, [credit(STRANGER, 1n), credit(PAYER, 12_500_000n)], [], 12_500_001n);
    expect(senders).toEqual([
      { owner: PAYER, sent: 12_500_000n, available: 12_500_000n },
      { owner: STRANGER, sent: 1n, available: 1n },
    ]);
    expect(pickSender(SOLANA, senders)?.owner).toBe(PAYER);
    expect(pickSender(SOLANA, senders, STRANGER)?.owner).toBe(STRANGER);
    expect(pickSender(SOLANA, senders, "Nobody")).toBeUndefined();
  });

  it.each<[string, number, SenderCredit[], DestinedRefund[], bigint, { owner: string; available: bigint }[]]>([
    ["one payer in two parts", SOLANA, [credit(PAYER, 5n), credit(PAYER, 7n)], [], 12n, [{ owner: PAYER, available: 12n }]],
    ["equal sums: the first to arrive is the default", SOLANA, [credit(STRANGER, 5n), credit(PAYER, 5n)], [], 10n, [{ owner: STRANGER, available: 5n }, { owner: PAYER, available: 5n }]],
    ["a refund to a sender counts against it only", SOLANA, [credit(PAYER, 10n), credit(STRANGER, 2n)], [refund(STRANGER, 2n)], 10n, [{ owner: PAYER, available: 10n }, { owner: STRANGER, available: 0n }]],
    ["a failed refund gives its sender its amount back", SOLANA, [credit(PAYER, 10n)], [refund(PAYER, 4n, "failed"), refund(PAYER, 3n, "confirmed")], 7n, [{ owner: PAYER, available: 7n }]],
    ["never more than the payment has left", SOLANA, [credit(PAYER, 10n)], [refund("Earlier", 8n)], 2n, [{ owner: PAYER, available: 2n }]],
    ["Solana keys are case-sensitive", SOLANA, [credit("abc", 1n), credit("ABC", 2n)], [], 3n, [{ owner: "ABC", available: 2n }, { owner: "abc", available: 1n }]],
    [
      "EVM addresses are one wallet whatever their case",
      EVM,
      [credit("0xAbCd000000000000000000000000000000000001", 3n), credit("0xabcd000000000000000000000000000000000001", 4n)],
      [refund("0xABCD000000000000000000000000000000000001", 5n)],
      2n,
      [{ owner: "0xAbCd000000000000000000000000000000000001", available: 2n }],
    ],
  ])("%s", (_, chainId, credits, refunds, left, expected) => {
    expect(refundSenders(chainId, credits, refunds, left).map(({ owner, available }) => ({ owner, available }))).toEqual(expected);
  });

  it("refunds started one after another never give a sender more than it sent", () => {
    const wallets = ["A", "B", "C"];
    fc.assert(
      fc.property(
        fc.array(fc.record({ owner: fc.constantFrom(...wallets), amount: fc.bigInt({ min: 1n, max: 1_000n }) }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ to: fc.constantFrom(...wallets), amount: fc.bigInt({ min: 1n, max: 2_000n }) }), { maxLength: 10 }),
        (credits, asks) => {
          const received = credits.reduce((s, c) => s + c.amount, 0n);
          const done: DestinedRefund[] = [];
          for (const ask of asks) {
            const spent = done.reduce((s, r) => s + r.amount, 0n);
            const sender = pickSender(SOLANA, refundSenders(SOLANA, credits, done, received - spent), ask.to);
            if (sender && ask.amount <= sender.available) done.push(refund(ask.to, ask.amount));
          }
          for (const w of wallets) {
            const sent = credits.filter((c) => c.owner === w).reduce((s, c) => s + c.amount, 0n);
            expect(done.filter((r) => r.destinationOwner === w).reduce((s, r) => s + r.amount, 0n) <= sent).toBe(true);
          }
        },
      ),
    );
  });
});
