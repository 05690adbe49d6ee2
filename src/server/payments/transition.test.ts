import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyDecision, decide, type CreditState, type Decision, type PaymentFact, type PaymentState, type TransferFact, type TransferRemovedFact } from "./transition";

const NOW = new Date("2026-11-02T10:10:00.000Z");
const EXPIRES = new Date("2026-11-02T10:30:00.000Z");
const LATER = new Date("2026-11-02T11:00:00.000Z");
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";
const PAYER = "Payer1111111111111111111111111111111111111";
const REQ = 12_500_000n;

const initiated: PaymentState = {
  status: "initiated",
  chainId: -5001,
  reference: "RefKey1111111111111111111111111111111111111",
  tokenAddress: MINT,
  recipientTokenAccount: ATA,
  requestedAmount: REQ,
  memo: "order-42",
  expiresAt: EXPIRES,
  failureReason: null,
  paidAt: null,
  credits: [],
};
const PAID_AT = new Date("2026-11-02T10:05:00.000Z");
const c = (over: Partial<CreditState> = {}): CreditState => ({
  signature: "sigA",
  instructionIndex: 2,
  innerIndex: -1,
  amount: REQ,
  payer: PAYER,
  finalized: false,
  held: false,
  ...over,
});
const paid: PaymentState = { ...initiated, status: "paid", paidAt: PAID_AT, credits: [c()] };
const validated: PaymentState = { ...paid, status: "validated", credits: [c({ finalized: true })] };
const expired: PaymentState = { ...initiated, status: "failed", failureReason: "expired" };
const chainFailed: PaymentState = { ...initiated, status: "failed", failureReason: "transaction_failed" };
const dusted: PaymentState = { ...initiated, credits: [c({ signature: "dust", amount: 1n, payer: "Attacker" })] };
const underpaid: PaymentState = { ...initiated, status: "failed", failureReason: "underpaid", credits: [c({ amount: REQ - 1n })] };
const sanctioned: PaymentState = { ...initiated, status: "failed", failureReason: "sanctioned", credits: [c({ held: true })] };
const notFinalized: PaymentState = { ...paid, status: "failed", failureReason: "not_finalized" };

const t = (over: Partial<TransferFact> = {}): TransferFact => ({
  kind: "transfer",
  chainId: -5001,
  reference: initiated.reference,
  signature: "sigA",
  instructionIndex: 2,
  payer: PAYER,
  recipientTokenAccount: ATA,
  mint: MINT,
  amount: REQ,
  memo: "order-42",
  commitment: "confirmed",
  ...over,
});
const removedFact = (over: Partial<TransferRemovedFact> = {}): TransferRemovedFact => ({
  kind: "transfer-removed",
  chainId: -5001,
  signature: "sigA",
  instructionIndex: 2,
  evidence: "no receipt",
  ...over,
});
const reverted: PaymentState = { ...initiated, failureReason: "transfer_removed" };
const creditOf = (over: Partial<CreditState> = {}) => ({ ...c(over), chainId: -5001, sourceOwner: null });
const shows = (amount: bigint, mismatch: "under" | "over" | null = null, sig = "sigA") => ({
  payer: PAYER,
  signature: sig,
  instructionIndex: 2,
  receivedAmount: amount,
  amountMismatch: mismatch,
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
    { status: "paid", patch: { ...shows(REQ), status: "paid", paidAt: NOW }, events: ["payment.paid"], credit: creditOf(), outcome: "applied" },
  ],
  ["initiated + processed transfer → nothing yet", initiated, t({ commitment: "processed" }), NOW, none("initiated", "ignored", "not_confirmed")],
  [
    "paid + the credited transfer finalized → validated, the credit marked finalized",
    paid,
    t({ commitment: "finalized" }),
    NOW,
    {
      status: "validated",
      patch: { receivedAmount: REQ, amountMismatch: null, status: "validated", paidAt: PAID_AT, validatedAt: NOW },
      events: ["payment.validated"],
      finalize: { signature: "sigA", instructionIndex: 2, innerIndex: -1 },
      outcome: "applied",
    },
  ],
  [
    "initiated + finalized transfer → validated at once (paid then validated events)",
    initiated,
    t({ commitment: "finalized" }),
    NOW,
    {
      status: "validated",
      patch: { ...shows(REQ), status: "validated", paidAt: NOW, validatedAt: NOW },
      events: ["payment.paid", "payment.validated"],
      credit: creditOf({ finalized: true }),
      outcome: "applied",
    },
  ],
  [
    "partial transfer → credited, still waiting with what arrived (no failure before expiry)",
    initiated,
    t({ amount: REQ - 1n }),
    NOW,
    { status: "initiated", patch: shows(REQ - 1n, "under"), events: [], credit: creditOf({ amount: REQ - 1n }), outcome: "applied" },
  ],
  [
    "dust with the reference, then the payer's full transfer → paid (sum covers it, over by the dust)",
    dusted,
    t({ signature: "sigB" }),
    NOW,
    {
      status: "paid",
      patch: { ...shows(REQ + 1n, "over", "sigB"), status: "paid", paidAt: NOW },
      events: ["payment.paid"],
      credit: creditOf({ signature: "sigB" }),
      outcome: "applied",
    },
  ],
  [
    "two halves complete one payment",
    { ...initiated, credits: [c({ signature: "h1", amount: REQ / 2n })] },
    t({ signature: "h2", amount: REQ / 2n }),
    NOW,
    {
      status: "paid",
      patch: { ...shows(REQ, null, "h2"), status: "paid", paidAt: NOW },
      events: ["payment.paid"],
      credit: creditOf({ signature: "h2", amount: REQ / 2n }),
      outcome: "applied",
    },
  ],
  [
    "paid by two transfers, only one finalized → still paid",
    { ...paid, credits: [c({ signature: "h1", amount: REQ / 2n }), c({ signature: "h2", amount: REQ / 2n })] },
    t({ signature: "h1", amount: REQ / 2n, commitment: "finalized" }),
    NOW,
    {
      status: "paid",
      patch: { receivedAmount: REQ, amountMismatch: null },
      events: [],
      finalize: { signature: "h1", instructionIndex: 2, innerIndex: -1 },
      outcome: "applied",
    },
  ],
  [
    "overpayment → paid, over",
    initiated,
    t({ amount: REQ + 1n }),
    NOW,
    { status: "paid", patch: { ...shows(REQ + 1n, "over"), status: "paid", paidAt: NOW }, events: ["payment.paid"], credit: creditOf({ amount: REQ + 1n }), outcome: "applied" },
  ],
  [
    "sanctioned payer, nothing paid yet → held credit, failed sanctioned, held + failed events",
    initiated,
    t({ payerSanctioned: true, payer: "Listed" }),
    NOW,
    {
      status: "failed",
      patch: { receivedAmount: 0n, amountMismatch: null, payer: "Listed", status: "failed", failedAt: NOW, failureReason: "sanctioned" },
      events: ["payment.held", "payment.failed"],
      credit: creditOf({ held: true, payer: "Listed" }),
      outcome: "applied",
      reason: "sanctioned",
    },
  ],
  [
    "sanctioned payer after clean money paid it → held credit, status kept, held event",
    paid,
    t({ signature: "sigB", payerSanctioned: true, payer: "Listed", amount: 5n }),
    NOW,
    {
      status: "paid",
      patch: { receivedAmount: REQ, amountMismatch: null },
      events: ["payment.held"],
      credit: creditOf({ signature: "sigB", held: true, payer: "Listed", amount: 5n }),
      outcome: "applied",
    },
  ],
  [
    "failed sanctioned is terminal: a later clean transfer is recorded, status kept",
    sanctioned,
    t({ signature: "sigB" }),
    NOW,
    { status: "failed", patch: { receivedAmount: REQ, amountMismatch: null }, events: [], credit: creditOf({ signature: "sigB" }), outcome: "applied" },
  ],
  ["wrong mint → rejected", initiated, t({ mint: "otherMint" }), NOW, none("initiated", "rejected", "wrong_mint")],
  ["wrong recipient → rejected", initiated, t({ recipientTokenAccount: "elsewhere" }), NOW, none("initiated", "rejected", "wrong_recipient")],
  ["wrong reference → rejected", initiated, t({ reference: "other" }), NOW, none("initiated", "rejected", "wrong_reference")],
  ["wrong chain → rejected", initiated, t({ chainId: 1 }), NOW, none("initiated", "rejected", "wrong_chain")],
  ["memo missing → rejected", initiated, t({ memo: undefined }), NOW, none("initiated", "rejected", "memo_mismatch")],
  ["self-transfer (source is the recipient) → rejected", initiated, t({ source: ATA }), NOW, none("initiated", "rejected", "self_transfer")],
  ["zero amount → rejected", initiated, t({ amount: 0n }), NOW, none("initiated", "rejected", "zero_amount")],
  [
    "recipient balance grew less than the amount → rejected",
    initiated,
    t({ recipientBalanceDelta: REQ - 1n }),
    NOW,
    none("initiated", "rejected", "balance_not_increased"),
  ],
  [
    "recipient balance grew by the amount → credited",
    initiated,
    t({ recipientBalanceDelta: REQ, source: "PayerAta" }),
    NOW,
    { status: "paid", patch: { ...shows(REQ), status: "paid", paidAt: NOW }, events: ["payment.paid"], credit: creditOf(), outcome: "applied" },
  ],
  [
    "inner (CPI) transfer credited under its own key",
    initiated,
    t({ innerIndex: 3 }),
    NOW,
    { status: "paid", patch: { ...shows(REQ), status: "paid", paidAt: NOW }, events: ["payment.paid"], credit: creditOf({ innerIndex: 3 }), outcome: "applied" },
  ],
  ["same transfer again at confirmed → duplicate", paid, t(), NOW, none("paid", "ignored", "duplicate")],
  ["validated + its transfer again → duplicate", validated, t({ commitment: "finalized" }), NOW, none("validated", "ignored", "duplicate")],
  [
    "validated + another transfer → recorded as over, status kept",
    validated,
    t({ signature: "sigB", amount: 1n }),
    NOW,
    { status: "validated", patch: { receivedAmount: REQ + 1n, amountMismatch: "over" }, events: [], credit: creditOf({ signature: "sigB", amount: 1n }), outcome: "applied" },
  ],
  [
    "transfer failed on chain → initiated fails transaction_failed",
    initiated,
    t({ err: "InstructionError" }),
    NOW,
    { status: "failed", patch: { status: "failed", failedAt: NOW, failureReason: "transaction_failed" }, events: ["payment.failed"], outcome: "applied", reason: "transaction_failed" },
  ],
  ["chain error once money is credited → ignored", dusted, { kind: "chain-error", signature: "x", err: "e" }, NOW, none("initiated", "ignored", "credited_already")],
  [
    "expired with nothing → failed expired",
    initiated,
    { kind: "expired" },
    LATER,
    { status: "failed", patch: { status: "failed", failedAt: LATER, failureReason: "expired" }, events: ["payment.failed"], outcome: "applied", reason: "expired" },
  ],
  [
    "expired with a partial credit → failed underpaid",
    dusted,
    { kind: "expired" },
    LATER,
    { status: "failed", patch: { status: "failed", failedAt: LATER, failureReason: "underpaid" }, events: ["payment.failed"], outcome: "applied", reason: "underpaid" },
  ],
  [
    "expired with only held money → failed expired (held money never counts)",
    { ...initiated, credits: [c({ held: true })] },
    { kind: "expired" },
    LATER,
    { status: "failed", patch: { status: "failed", failedAt: LATER, failureReason: "expired" }, events: ["payment.failed"], outcome: "applied", reason: "expired" },
  ],
  ["not expired yet → ignored", initiated, { kind: "expired" }, NOW, none("initiated", "ignored", "not_expired")],
  ["paid never expires", paid, { kind: "expired" }, LATER, none("paid", "ignored", "awaiting_finalization")],
  [
    "expired, then a full late transfer → paid, late, revived",
    expired,
    t(),
    LATER,
    {
      status: "paid",
      patch: { ...shows(REQ), failedAt: null, failureReason: null, late: true, status: "paid", paidAt: LATER },
      events: ["payment.paid"],
      credit: creditOf(),
      outcome: "applied",
    },
  ],
  [
    "expired, then a partial late transfer → stays failed, now underpaid",
    expired,
    t({ amount: 1n }),
    LATER,
    { status: "failed", patch: { ...shows(1n, "under"), failureReason: "underpaid", late: true }, events: [], credit: creditOf({ amount: 1n }), outcome: "applied" },
  ],
  [
    "underpaid after expiry, then the rest arrives → paid, late",
    underpaid,
    t({ signature: "sigB", amount: 1n }),
    LATER,
    {
      status: "paid",
      patch: { ...shows(REQ, null, "sigB"), failedAt: null, failureReason: null, late: true, status: "paid", paidAt: LATER },
      events: ["payment.paid"],
      credit: creditOf({ signature: "sigB", amount: 1n }),
      outcome: "applied",
    },
  ],
  [
    "transaction failed, then a good transfer → paid (not late)",
    chainFailed,
    t(),
    NOW,
    { status: "paid", patch: { ...shows(REQ), failedAt: null, failureReason: null, status: "paid", paidAt: NOW }, events: ["payment.paid"], credit: creditOf(), outcome: "applied" },
  ],
  [
    "paid past the finality window → failed not_finalized",
    paid,
    { kind: "finality-timeout", timeoutMs: 10 * 60_000 },
    new Date(PAID_AT.getTime() + 10 * 60_000),
    {
      status: "failed",
      patch: { status: "failed", failedAt: new Date(PAID_AT.getTime() + 10 * 60_000), failureReason: "not_finalized" },
      events: ["payment.failed"],
      outcome: "applied",
      reason: "not_finalized",
    },
  ],
  ["paid within the finality window → ignored", paid, { kind: "finality-timeout", timeoutMs: 10 * 60_000 }, NOW, none("paid", "ignored", "within_finality_window")],
  ["finality timeout on initiated → ignored", initiated, { kind: "finality-timeout", timeoutMs: 1 }, LATER, none("initiated", "ignored", "not_awaiting_finalization")],
  [
    "not_finalized, then the transfer finalizes after all → validated, no second paid event",
    notFinalized,
    t({ commitment: "finalized" }),
    LATER,
    {
      status: "validated",
      patch: { receivedAmount: REQ, amountMismatch: null, failedAt: null, failureReason: null, status: "validated", paidAt: PAID_AT, validatedAt: LATER },
      events: ["payment.validated"],
      finalize: { signature: "sigA", instructionIndex: 2, innerIndex: -1 },
      outcome: "applied",
    },
  ],
  [
    "reorg: paid, then its only transfer is removed before finality → back to initiated, says so, payment.reverted",
    paid,
    removedFact(),
    NOW,
    {
      status: "initiated",
      patch: {
        receivedAmount: 0n,
        amountMismatch: null,
        payer: null,
        signature: null,
        instructionIndex: null,
        status: "initiated",
        paidAt: null,
        failureReason: "transfer_removed",
      },
      events: ["payment.reverted"],
      uncredit: { signature: "sigA", instructionIndex: 2, innerIndex: -1 },
      outcome: "applied",
      reason: "transfer_removed",
    },
  ],
  [
    "reorg: paid by two transfers, one removed and the other still covers → stays paid, names the one left",
    { ...paid, credits: [c({ signature: "sigA", amount: REQ }), c({ signature: "sigB", amount: REQ })] },
    removedFact(),
    NOW,
    {
      status: "paid",
      patch: { receivedAmount: REQ, amountMismatch: null, payer: PAYER, signature: "sigB", instructionIndex: 2 },
      events: [],
      uncredit: { signature: "sigA", instructionIndex: 2, innerIndex: -1 },
      outcome: "applied",
      reason: "transfer_removed",
    },
  ],
  [
    "reorg: a partial credit removed → still initiated, nothing received, says so",
    { ...initiated, credits: [c({ amount: REQ - 1n })] },
    removedFact(),
    NOW,
    {
      status: "initiated",
      patch: { receivedAmount: 0n, amountMismatch: null, payer: null, signature: null, instructionIndex: null, failureReason: "transfer_removed" },
      events: [],
      uncredit: { signature: "sigA", instructionIndex: 2, innerIndex: -1 },
      outcome: "applied",
      reason: "transfer_removed",
    },
  ],
  ["reorg: a finalized credit is never withdrawn", validated, removedFact(), NOW, none("validated", "ignored", "finalized_already")],
  ["reorg: a transfer never credited → ignored", paid, removedFact({ signature: "sigZ" }), NOW, none("paid", "ignored", "not_credited")],
  [
    "reverted, then the same transfer mined again → paid again: payment.paid again, the note cleared",
    reverted,
    t(),
    NOW,
    {
      status: "paid",
      patch: { ...shows(REQ), failureReason: null, status: "paid", paidAt: NOW },
      events: ["payment.paid"],
      credit: creditOf(),
      outcome: "applied",
    },
  ],
  [
    "reverted and never paid again → expires as usual",
    reverted,
    { kind: "expired" },
    LATER,
    { status: "failed", patch: { status: "failed", failedAt: LATER, failureReason: "expired" }, events: ["payment.failed"], outcome: "applied", reason: "expired" },
  ],
];

describe("decide (table)", () => {
  it.each(table)("%s", (_name, state, fact, now, expected) => {
    expect(decide(state, fact, now)).toEqual(expected);
  });
});

describe("decide (a swap: the maker signs the settlement transfer, the money is the payer's)", () => {
  const MAKER = "Maker11111111111111111111111111111111111111";
  const swapping: PaymentState = { ...initiated, swapPayer: PAYER };
  const fromMaker = (over: Partial<TransferFact> = {}) => t({ payer: MAKER, sourceOwner: MAKER, parties: [PAYER, MAKER], ...over });

  it.each<[string, PaymentState, TransferFact, { payer: string; sourceOwner: string | null }]>([
    ["the payer who asked for the swap signed it: the credit is the payer's", swapping, fromMaker(), { payer: PAYER, sourceOwner: PAYER }],
    ["the maker's transfer in a transaction the payer did not sign stays the maker's", swapping, fromMaker({ parties: [MAKER] }), { payer: MAKER, sourceOwner: MAKER }],
    ["a stranger who also signed does not become the payer: only the wallet that asked for the swap", swapping, fromMaker({ parties: ["Stranger", MAKER] }), { payer: MAKER, sourceOwner: MAKER }],
    ["the payer paying directly after all: its own transfer, unchanged", swapping, t({ sourceOwner: PAYER, parties: [PAYER] }), { payer: PAYER, sourceOwner: PAYER }],
    ["no swap asked for: the maker's transfer is the maker's", initiated, fromMaker(), { payer: MAKER, sourceOwner: MAKER }],
  ])("%s", (_name, state, fact, owner) => {
    const decision = decide(state, fact, NOW);
    expect(decision).toMatchObject({ status: "paid", outcome: "applied", credit: owner, patch: { payer: owner.payer } });
  });

  it("drops the Swap label only when the wallet the swap was built for pays with its own transfer", () => {
    expect(decide(swapping, t({ sourceOwner: PAYER, parties: [PAYER] }), NOW).patch.swap).toBeNull();
    expect(decide(swapping, fromMaker(), NOW).patch).not.toHaveProperty("swap");
    // A stranger's dust with the reference says nothing about how the payer pays.
    expect(decide(swapping, t({ payer: "Stranger", sourceOwner: "Stranger", parties: ["Stranger"], amount: 1n }), NOW).patch).not.toHaveProperty("swap");
    expect(decide(initiated, t(), NOW).patch).not.toHaveProperty("swap");
    expect(applyDecision(swapping, decide(swapping, t(), NOW)).swapPayer).toBeNull();
  });
});

describe("decide (a transfer the merchant mapped by hand)", () => {
  // An unmapped inflow names no reference and carries no memo: only the merchant's word ties it to the payment.
  const mapped = (over: Partial<TransferFact> = {}) => t({ reference: "none", memo: undefined, commitment: "finalized", mappedByMerchant: true, ...over });

  it("waives the reference and memo checks only: without the flag the same transfer is rejected", () => {
    expect(decide(initiated, { ...mapped(), mappedByMerchant: undefined }, NOW)).toMatchObject({ outcome: "rejected", reason: "wrong_reference" });
    expect(decide(initiated, { ...mapped({ reference: initiated.reference }), mappedByMerchant: undefined }, NOW)).toMatchObject({ outcome: "rejected", reason: "memo_mismatch" });
    expect(decide(initiated, mapped(), NOW)).toMatchObject({ outcome: "applied", status: "validated", events: ["payment.paid", "payment.validated"] });
  });

  it.each([
    ["wrong_chain", { chainId: -5000 }],
    ["wrong_mint", { mint: "otherMint" }],
    ["wrong_recipient", { recipientTokenAccount: "elsewhere" }],
    ["self_transfer", { source: ATA }],
    ["zero_amount", { amount: 0n }],
  ] as const)("still rejects a %s", (reason, over) => {
    expect(decide(initiated, mapped(over), NOW)).toMatchObject({ outcome: "rejected", reason });
  });

  it("revives an expired payment as a late one, completes an underpaid one, and holds sanctioned money", () => {
    expect(decide(expired, mapped(), LATER)).toMatchObject({ status: "validated", patch: { late: true, failureReason: null } });
    expect(decide(underpaid, mapped({ signature: "sigB", amount: 1n }), LATER)).toMatchObject({ status: "paid", patch: { late: true, receivedAmount: REQ } });
    expect(decide(initiated, mapped({ payerSanctioned: true }), NOW)).toMatchObject({ status: "failed", patch: { failureReason: "sanctioned" }, credit: { held: true } });
  });
});

// ---- properties ----

const SIGS = ["sigA", "sigB", "sigC", "sigD"];
const arbTransfer = fc.record({
  kind: fc.constant("transfer" as const),
  chainId: fc.constantFrom(-5001, -5001, -5001, -5000),
  reference: fc.constantFrom(initiated.reference, initiated.reference, initiated.reference, "other"),
  signature: fc.constantFrom(...SIGS),
  instructionIndex: fc.constantFrom(0, 2),
  innerIndex: fc.constantFrom<number | undefined>(undefined, undefined, 0),
  payer: fc.constantFrom("Payer", "Attacker"),
  recipientTokenAccount: fc.constantFrom(ATA, ATA, ATA, "elsewhere"),
  mint: fc.constantFrom(MINT, MINT, MINT, "otherMint"),
  amount: fc.oneof(fc.constantFrom(REQ, REQ - 1n, REQ + 1n, 1n, 0n), fc.bigInt({ min: 0n, max: 2n ** 80n })),
  memo: fc.constantFrom<string | undefined>("order-42", "order-42", undefined, "other"),
  commitment: fc.constantFrom<TransferFact["commitment"]>("processed", "confirmed", "finalized"),
  payerSanctioned: fc.constantFrom<boolean | undefined>(undefined, undefined, undefined, false, true),
  err: fc.constantFrom<string | undefined>(undefined, undefined, undefined, undefined, "failed"),
});
const arbFact: fc.Arbitrary<PaymentFact> = fc.oneof(
  { weight: 8, arbitrary: arbTransfer },
  { weight: 1, arbitrary: fc.constant({ kind: "expired" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("chain-error" as const), signature: fc.constantFrom(...SIGS), err: fc.constant("e") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("finality-timeout" as const), timeoutMs: fc.constantFrom(60_000, 600_000) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("transfer-removed" as const),
      chainId: fc.constant(-5001),
      signature: fc.constantFrom(...SIGS),
      instructionIndex: fc.constantFrom(0, 2),
      innerIndex: fc.constantFrom<number | undefined>(undefined, 0),
      evidence: fc.constant("no receipt"),
    }),
  },
);
const arbNow = fc.date({ min: new Date("2026-11-02T10:00:00Z"), max: new Date("2026-11-02T11:00:00Z"), noInvalidDate: true });
const arbSteps = fc.array(fc.tuple(arbFact, arbNow), { maxLength: 30 });

/** Folds facts through `decide`, collecting credits and events. */
function run(state: PaymentState, steps: [PaymentFact, Date][]) {
  const events: string[] = [];
  const trace: { before: PaymentState; fact: PaymentFact; decision: Decision }[] = [];
  let s = state;
  for (const [fact, now] of steps) {
    const decision = decide(s, fact, now);
    trace.push({ before: s, fact, decision });
    events.push(...decision.events);
    s = applyDecision(s, decision);
  }
  return { final: s, events, trace };
}

const clean = (s: PaymentState) => s.credits.filter((x) => !x.held);
const total = (cs: readonly CreditState[]) => cs.reduce((a, x) => a + x.amount, 0n);
const keyOf = (x: { signature: string; instructionIndex: number; innerIndex: number }) => `${x.signature}/${x.instructionIndex}/${x.innerIndex}`;

describe("decide (properties)", () => {
  it("credits each transfer at most once, and only a confirmed transfer that pays this transaction", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const { final, trace } = run(initiated, steps);
        const keys = final.credits.map(keyOf);
        expect(new Set(keys).size).toBe(keys.length);
        for (const { fact, decision } of trace) {
          if (!decision.credit) continue;
          const f = fact as TransferFact;
          expect(f.kind).toBe("transfer");
          expect([f.mint, f.recipientTokenAccount, f.chainId, f.reference, f.err, f.commitment === "processed", f.amount > 0n]).toEqual([
            MINT,
            ATA,
            -5001,
            initiated.reference,
            undefined,
            false,
            true,
          ]);
          expect(decision.credit.held).toBe(f.payerSanctioned === true);
        }
      }),
    );
  });

  it("paid and validated only when clean (unheld) money covers the request; validated only on finalized money", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        for (const { before, decision } of run(initiated, steps).trace) {
          const after = applyDecision(before, decision);
          if (decision.status === "paid" && before.status !== "paid") expect(total(clean(after)) >= REQ).toBe(true);
          if (decision.status === "validated" && before.status !== "validated") {
            expect(total(clean(after).filter((x) => x.finalized)) >= REQ).toBe(true);
          }
        }
      }),
    );
  });

  it("dust first never stops the real payment: any steps, then the payer's full finalized transfer → validated unless sanctioned money came first", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const before = run(initiated, steps).final;
        const d = decide(before, t({ signature: "payerSig", instructionIndex: 7, commitment: "finalized" }), NOW);
        const heldFirst = before.credits.some((x) => x.held) && before.paidAt === null;
        expect(d.credit?.signature).toBe("payerSig");
        if (!heldFirst && !(before.status === "failed" && before.failureReason === "sanctioned")) expect(d.status).toBe("validated");
      }),
    );
  });

  it("never leaves validated or failed-sanctioned; ignored and rejected facts change nothing", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        for (const { before, decision } of run(initiated, steps).trace) {
          if (before.status === "validated" || (before.status === "failed" && before.failureReason === "sanctioned")) {
            expect(decision.status).toBe(before.status);
            expect(decision.patch.status).toBeUndefined();
          }
          if (decision.outcome !== "applied") {
            expect(decision).toMatchObject({ status: before.status, patch: {}, events: [] });
            expect(decision.credit).toBeUndefined();
            expect(decision.finalize).toBeUndefined();
            expect(decision.uncredit).toBeUndefined();
          }
        }
      }),
    );
  });

  it("emits validated at most once, after paid; paid once, plus once more after each reorg that reverted it", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const { events, final } = run(initiated, steps);
        const revertedCount = events.filter((e) => e === "payment.reverted").length;
        // Every reverted follows a paid, and is followed by at most one more paid.
        let open = 0;
        for (const e of events) {
          if (e === "payment.paid") expect(++open).toBe(1);
          if (e === "payment.reverted") expect(open--).toBe(1);
        }
        const paidCount = events.filter((e) => e === "payment.paid").length - revertedCount;
        const validatedCount = events.filter((e) => e === "payment.validated").length;
        expect(paidCount).toBeLessThanOrEqual(1);
        expect(validatedCount).toBeLessThanOrEqual(1);
        if (validatedCount === 1) expect(events.indexOf("payment.paid")).toBeLessThan(events.indexOf("payment.validated"));
        expect(final.status === "validated").toBe(validatedCount === 1);
        // A held credit a reorg removed was announced as held and is gone now.
        expect(events.filter((e) => e === "payment.held").length).toBeGreaterThanOrEqual(final.credits.filter((x) => x.held).length);
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
        expect(again.finalize).toBeUndefined();
      }),
    );
  });

  it("reorgs: a withdrawn credit was credited and not final; a finalized credit is never withdrawn; paid falls back only below the request", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        for (const { before, fact, decision } of run(initiated, steps).trace) {
          if (fact.kind !== "transfer-removed") {
            expect(decision.uncredit).toBeUndefined();
            continue;
          }
          const credit = before.credits.find((x) => keyOf(x) === keyOf({ ...fact, innerIndex: fact.innerIndex ?? -1 }));
          if (!decision.uncredit) {
            expect(decision.outcome).toBe("ignored");
            expect(credit === undefined || credit.finalized).toBe(true);
            continue;
          }
          expect(credit?.finalized).toBe(false);
          const after = applyDecision(before, decision);
          expect(after.credits.length).toBe(before.credits.length - 1);
          if (before.status === "paid") expect(after.status).toBe(total(clean(after)) >= REQ ? "paid" : "initiated");
          else expect(after.status).toBe(before.status);
          expect(decision.patch.receivedAmount).toBe(total(clean(after)));
        }
      }),
    );
  });

  it("the same transfer removed then mined again is credited again: nothing is lost to a reorg", () => {
    fc.assert(
      fc.property(arbSteps, (steps) => {
        const before = run(initiated, steps).final;
        if (before.status !== "paid" || before.credits.length !== 1 || before.credits[0]!.held) return;
        const only = before.credits[0]!;
        const key = { signature: only.signature, instructionIndex: only.instructionIndex, innerIndex: only.innerIndex };
        const gone = applyDecision(before, decide(before, removedFact(key), NOW));
        const back = decide(gone, t({ ...key, amount: only.amount, commitment: "confirmed" }), NOW);
        expect(back.credit).toMatchObject(key);
        expect(back.status).toBe("paid");
        expect(back.events).toEqual(["payment.paid"]);
      }),
    );
  });

  it("compares amounts as bigint, exactly, beyond 2^53", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 100n }), fc.bigInt({ min: -3n, max: 3n }), (requested, delta) => {
        const amount = requested + delta < 1n ? 1n : requested + delta;
        const d = decide({ ...initiated, requestedAmount: requested }, t({ amount, commitment: "finalized" }), NOW);
        expect(d.status).toBe(amount >= requested ? "validated" : "initiated");
        expect(d.patch.amountMismatch).toBe(amount < requested ? "under" : amount > requested ? "over" : null);
        expect(d.patch.receivedAmount).toBe(amount);
      }),
    );
  });
});
