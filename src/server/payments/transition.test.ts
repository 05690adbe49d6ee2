import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyDecision, decide, type Decision, type PaymentFact, type PaymentState, type TransferFact } from "./transition";

const NOW = new Date("2026-11-02T10:10:00.000Z");
const EXPIRES = new Date("2026-11-02T10:30:00.000Z");
const LATER = new Date("2026-11-02T11:00:00.000Z");
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

const initiated: PaymentState = {
  status: "initiated",
  chainId: -5001,
  reference: "RefKey1111111111111111111111111111111111111",
  tokenAddress: MINT,
  recipientTokenAccount: ATA,
  requestedAmount: 12_500_000n,
  memo: "order-42",
  expiresAt: EXPIRES,
  signature: null,
  instructionIndex: null,
  failureReason: null,
  paidAt: null,
};
const PAID_AT = new Date("2026-11-02T10:05:00.000Z");
const paid: PaymentState = { ...initiated, status: "paid", signature: "sigA", instructionIndex: 2, paidAt: PAID_AT };
const validated: PaymentState = { ...paid, status: "validated" };
const expired: PaymentState = { ...initiated, status: "failed", failureReason: "expired" };
const chainFailed: PaymentState = { ...initiated, status: "failed", failureReason: "transaction_failed" };
const underpaid: PaymentState = { ...initiated, status: "failed", failureReason: "underpaid", signature: "sigA", instructionIndex: 2 };

const t = (over: Partial<TransferFact> = {}): TransferFact => ({
  kind: "transfer",
  chainId: -5001,
  reference: initiated.reference,
  signature: "sigA",
  instructionIndex: 2,
  payer: "Payer1111111111111111111111111111111111111",
  recipientTokenAccount: ATA,
  mint: MINT,
  amount: 12_500_000n,
  memo: "order-42",
  commitment: "confirmed",
  ...over,
});
const creditA = { chainId: -5001, signature: "sigA", instructionIndex: 2, amount: 12_500_000n };
const received = (amount = 12_500_000n, amountMismatch: "under" | "over" | null = null) => ({
  payer: "Payer1111111111111111111111111111111111111",
  signature: "sigA",
  instructionIndex: 2,
  receivedAmount: amount,
  amountMismatch,
});
const none = (status: PaymentState["status"], outcome: "ignored" | "rejected", reason: string): Decision => ({
  status,
  patch: {},
  events: [],
  outcome,
  reason,
});

/** (name, state, fact, now, expected decision) */
const table: [string, PaymentState, PaymentFact, Date, Decision][] = [
  [
    "initiated + confirmed exact transfer → paid, credited",
    initiated,
    t(),
    NOW,
    { status: "paid", patch: { ...received(), status: "paid", paidAt: NOW }, events: ["payment.paid"], credit: creditA, outcome: "applied" },
  ],
  ["initiated + processed transfer → nothing yet", initiated, t({ commitment: "processed" }), NOW, none("initiated", "ignored", "not_confirmed")],
  [
    "paid + the credited transfer finalized → validated, no second credit",
    paid,
    t({ commitment: "finalized" }),
    NOW,
    { status: "validated", patch: { ...received(), status: "validated", paidAt: PAID_AT, validatedAt: NOW }, events: ["payment.validated"], outcome: "applied" },
  ],
  [
    "initiated + finalized transfer → validated at once (paid then validated events)",
    initiated,
    t({ commitment: "finalized" }),
    NOW,
    {
      status: "validated",
      patch: { ...received(), status: "validated", paidAt: NOW, validatedAt: NOW },
      events: ["payment.paid", "payment.validated"],
      credit: creditA,
      outcome: "applied",
    },
  ],
  ["paid + the same confirmed transfer again → duplicate", paid, t(), NOW, none("paid", "ignored", "duplicate")],
  ["validated + the same finalized transfer again → terminal", validated, t({ commitment: "finalized" }), NOW, none("validated", "ignored", "terminal")],
  ["paid + another transfer → rejected (credited once)", paid, t({ signature: "sigB" }), NOW, none("paid", "rejected", "already_credited")],
  ["paid + another instruction of the same signature → rejected", paid, t({ instructionIndex: 3 }), NOW, none("paid", "rejected", "already_credited")],
  ["validated + another transfer → rejected", validated, t({ signature: "sigB", commitment: "finalized" }), NOW, none("validated", "rejected", "already_credited")],
  ["wrong mint → rejected, stays initiated", initiated, t({ mint: "So11111111111111111111111111111111111111112" }), NOW, none("initiated", "rejected", "wrong_mint")],
  ["wrong recipient token account → rejected", initiated, t({ recipientTokenAccount: "Other111111111111111111111111111111111111111" }), NOW, none("initiated", "rejected", "wrong_recipient")],
  ["missing memo when one is expected → rejected", initiated, t({ memo: undefined }), NOW, none("initiated", "rejected", "memo_mismatch")],
  ["other chain → rejected", initiated, t({ chainId: -5000 }), NOW, none("initiated", "rejected", "wrong_chain")],
  ["other reference → rejected", initiated, t({ reference: "RefKey2" }), NOW, none("initiated", "rejected", "wrong_reference")],
  [
    "no memo expected: any memo is fine",
    { ...initiated, memo: null },
    t({ memo: undefined }),
    NOW,
    { status: "paid", patch: { ...received(), status: "paid", paidAt: NOW }, events: ["payment.paid"], credit: creditA, outcome: "applied" },
  ],
  [
    "underpaid (confirmed) → failed underpaid, amount recorded and credited",
    initiated,
    t({ amount: 12_499_999n }),
    NOW,
    {
      status: "failed",
      patch: { ...received(12_499_999n, "under"), status: "failed", failedAt: NOW, failureReason: "underpaid" },
      events: ["payment.failed"],
      credit: { ...creditA, amount: 12_499_999n },
      outcome: "applied",
      reason: "underpaid",
    },
  ],
  ["underpaid + its finalized report → terminal", underpaid, t({ amount: 1n, commitment: "finalized" }), NOW, none("failed", "ignored", "terminal")],
  ["underpaid + a top-up transfer → rejected, logged", underpaid, t({ signature: "sigB" }), NOW, none("failed", "rejected", "already_credited")],
  [
    "overpaid (confirmed) → paid with mismatch over",
    initiated,
    t({ amount: 20_000_000n }),
    NOW,
    {
      status: "paid",
      patch: { ...received(20_000_000n, "over"), status: "paid", paidAt: NOW },
      events: ["payment.paid"],
      credit: { ...creditA, amount: 20_000_000n },
      outcome: "applied",
    },
  ],
  [
    "overpaid, finalized from paid → validated with mismatch over",
    paid,
    t({ amount: 20_000_000n, commitment: "finalized" }),
    NOW,
    { status: "validated", patch: { ...received(20_000_000n, "over"), status: "validated", paidAt: PAID_AT, validatedAt: NOW }, events: ["payment.validated"], outcome: "applied" },
  ],
  [
    "transfer that failed on chain → failed transaction_failed",
    initiated,
    t({ err: "InstructionError: insufficient funds" }),
    NOW,
    { status: "failed", patch: { status: "failed", failedAt: NOW, failureReason: "transaction_failed" }, events: ["payment.failed"], outcome: "applied", reason: "transaction_failed" },
  ],
  [
    "chain-error on initiated → failed",
    initiated,
    { kind: "chain-error", signature: "sigX", err: "custom program error" },
    NOW,
    { status: "failed", patch: { status: "failed", failedAt: NOW, failureReason: "transaction_failed" }, events: ["payment.failed"], outcome: "applied", reason: "transaction_failed" },
  ],
  ["chain-error of another signature on paid → ignored", paid, { kind: "chain-error", signature: "sigX", err: "e" }, NOW, none("paid", "ignored", "not_the_credited_transfer")],
  ["chain-error on validated → terminal", validated, { kind: "chain-error", signature: "sigA", err: "e" }, NOW, none("validated", "ignored", "terminal")],
  ["chain-error on failed → already failed", chainFailed, { kind: "chain-error", signature: "sigY", err: "e" }, NOW, none("failed", "ignored", "already_failed")],
  [
    "expired initiated → failed expired",
    initiated,
    { kind: "expired" },
    LATER,
    { status: "failed", patch: { status: "failed", failedAt: LATER, failureReason: "expired" }, events: ["payment.failed"], outcome: "applied", reason: "expired" },
  ],
  [
    "expiry reached exactly → failed",
    initiated,
    { kind: "expired" },
    EXPIRES,
    { status: "failed", patch: { status: "failed", failedAt: EXPIRES, failureReason: "expired" }, events: ["payment.failed"], outcome: "applied", reason: "expired" },
  ],
  ["expired reported early → ignored", initiated, { kind: "expired" }, NOW, none("initiated", "ignored", "not_expired")],
  ["expired on paid → waits for finalization", paid, { kind: "expired" }, LATER, none("paid", "ignored", "awaiting_finalization")],
  ["expired on validated → terminal", validated, { kind: "expired" }, LATER, none("validated", "ignored", "terminal")],
  ["expired twice → terminal", expired, { kind: "expired" }, LATER, none("failed", "ignored", "terminal")],
  [
    "late valid payment on an expired tx → paid, late, failure cleared",
    expired,
    t(),
    LATER,
    {
      status: "paid",
      patch: { ...received(), status: "paid", paidAt: LATER, failedAt: null, failureReason: null, late: true },
      events: ["payment.paid"],
      credit: creditA,
      outcome: "applied",
    },
  ],
  [
    "late finalized payment on an expired tx → validated, late",
    expired,
    t({ commitment: "finalized" }),
    LATER,
    {
      status: "validated",
      patch: { ...received(), status: "validated", paidAt: LATER, validatedAt: LATER, failedAt: null, failureReason: null, late: true },
      events: ["payment.paid", "payment.validated"],
      credit: creditA,
      outcome: "applied",
    },
  ],
  [
    "late underpayment on an expired tx → recorded (stays failed, reason underpaid, late)",
    expired,
    t({ amount: 5n }),
    LATER,
    {
      status: "failed",
      patch: { ...received(5n, "under"), status: "failed", failedAt: LATER, failureReason: "underpaid", late: true },
      events: ["payment.failed"],
      credit: { ...creditA, amount: 5n },
      outcome: "applied",
      reason: "underpaid",
    },
  ],
  ["late wrong-mint transfer on an expired tx → rejected", expired, t({ mint: "X" }), LATER, none("failed", "rejected", "wrong_mint")],
  [
    "retry after a failed transaction → paid (not late)",
    chainFailed,
    t({ signature: "sigRetry" }),
    NOW,
    {
      status: "paid",
      patch: { ...received(), signature: "sigRetry", status: "paid", paidAt: NOW, failedAt: null, failureReason: null },
      events: ["payment.paid"],
      credit: { ...creditA, signature: "sigRetry" },
      outcome: "applied",
    },
  ],
];

describe("decide (table)", () => {
  it.each(table)("%s", (_name, state, fact, now, expected) => {
    expect(decide(state, fact, now)).toEqual(expected);
  });
});

// ---- properties ----

const SIGS = ["sigA", "sigB", "sigC"];
const arbTransfer = fc.record({
  kind: fc.constant("transfer" as const),
  chainId: fc.constantFrom(-5001, -5001, -5001, -5000),
  reference: fc.constantFrom(initiated.reference, initiated.reference, initiated.reference, "other"),
  signature: fc.constantFrom(...SIGS),
  instructionIndex: fc.constantFrom(0, 2),
  payer: fc.constant("Payer"),
  recipientTokenAccount: fc.constantFrom(ATA, ATA, ATA, "elsewhere"),
  mint: fc.constantFrom(MINT, MINT, MINT, "otherMint"),
  amount: fc.oneof(fc.constantFrom(12_500_000n, 12_499_999n, 12_500_001n, 0n), fc.bigInt({ min: 0n, max: 2n ** 80n })),
  memo: fc.constantFrom<string | undefined>("order-42", "order-42", undefined, "other"),
  commitment: fc.constantFrom<TransferFact["commitment"]>("processed", "confirmed", "finalized"),
  err: fc.constantFrom<string | undefined>(undefined, undefined, undefined, undefined, "failed"),
});
const arbFact: fc.Arbitrary<PaymentFact> = fc.oneof(
  { weight: 6, arbitrary: arbTransfer },
  { weight: 1, arbitrary: fc.constant({ kind: "expired" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("chain-error" as const), signature: fc.constantFrom(...SIGS), err: fc.constant("e") }) },
);
const arbNow = fc.date({ min: new Date("2026-11-02T10:00:00Z"), max: new Date("2026-11-02T11:00:00Z"), noInvalidDate: true });
const arbSteps = fc.array(fc.tuple(arbFact, arbNow), { maxLength: 25 });

/** Folds facts through `decide`, collecting credits and events. */
function run(state: PaymentState, steps: [PaymentFact, Date][]) {
  const credits: NonNullable<Decision["credit"]>[] = [];
  const events: string[] = [];
  const trace: { before: PaymentState; fact: PaymentFact; decision: Decision }[] = [];
  let s = state;
  for (const [fact, now] of steps) {
    const decision = decide(s, fact, now);
    trace.push({ before: s, fact, decision });
    if (decision.credit) credits.push(decision.credit);
    events.push(...decision.events);
    s = applyDecision(s, decision);
  }
  return { final: s, credits, events, trace };
}

describe("decide (properties)", () => {
  it("credits a transaction at most once, and only a transfer that pays it", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const { credits, trace } = run(initiated, steps);
        expect(credits.length).toBeLessThanOrEqual(1);
        for (const { before, fact, decision } of trace) {
          if (!decision.credit) continue;
          expect(before.signature).toBeNull();
          expect(fact.kind).toBe("transfer");
          const f = fact as TransferFact;
          expect([f.mint, f.recipientTokenAccount, f.chainId, f.reference, f.err, f.commitment === "processed"]).toEqual([
            MINT,
            ATA,
            -5001,
            initiated.reference,
            undefined,
            false,
          ]);
          expect(decision.patch.signature).toBe(decision.credit.signature);
        }
      }),
    );
  });

  it("never leaves validated, nor failed once credited; ignored and rejected facts change nothing", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        for (const { before, decision } of run(initiated, steps).trace) {
          if (before.status === "validated" || (before.status === "failed" && before.signature !== null)) {
            expect(decision.status).toBe(before.status);
            expect(decision.patch).toEqual({});
          }
          if (decision.outcome !== "applied") {
            expect(decision).toMatchObject({ status: before.status, patch: {}, events: [] });
            expect(decision.credit).toBeUndefined();
          }
        }
      }),
    );
  });

  it("emits each of paid and validated at most once per credited transfer, validated only after paid", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const { events, final } = run(initiated, steps);
        const paidCount = events.filter((e) => e === "payment.paid").length;
        const validatedCount = events.filter((e) => e === "payment.validated").length;
        expect(paidCount).toBeLessThanOrEqual(1);
        expect(validatedCount).toBeLessThanOrEqual(1);
        if (validatedCount === 1) expect(events.indexOf("payment.paid")).toBeLessThan(events.indexOf("payment.validated"));
        expect(final.status === "validated").toBe(validatedCount === 1);
      }),
    );
  });

  it("re-applying the fact that was just applied is a no-op (idempotent)", () => {
    fc.assert(
      fc.property(arbSteps, arbFact, arbNow, (steps, fact, now) => {
        const before = run(initiated, steps).final;
        const first = decide(before, fact, now);
        const again = decide(applyDecision(before, first), fact, now);
        expect(again.patch).toEqual({});
        expect(again.events).toEqual([]);
        expect(again.credit).toBeUndefined();
      }),
    );
  });

  it("compares amounts as bigint, exactly, beyond 2^53", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 100n }), fc.bigInt({ min: -3n, max: 3n }), (requested, delta) => {
        const amount = requested + delta < 0n ? 0n : requested + delta;
        const d = decide({ ...initiated, requestedAmount: requested }, t({ amount, commitment: "finalized" }), NOW);
        expect(d.status).toBe(amount >= requested ? "validated" : "failed");
        expect(d.patch.amountMismatch).toBe(amount < requested ? "under" : amount > requested ? "over" : null);
        expect(d.patch.receivedAmount).toBe(amount);
      }),
    );
  });
});
