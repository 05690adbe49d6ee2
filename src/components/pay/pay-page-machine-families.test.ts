import { describe, expect, it } from "vitest";
import { SOLANA_DEVNET } from "@/lib/chains";
import type { PaymentSession } from "@/stores/payment";
import type { PayableProduct } from "@/lib/pay-api";
import { initialPayPage, payPage, type PayEvent, type PayPageState } from "./pay-page-machine";
import { offeredFamily, type PayFamily } from "./pay-option";
import { EVM_ONLY_PRODUCT, LOCAL_EVM_A, LOCAL_EVM_B, MULTI_CHAIN_PRODUCT, SOLANA_ONLY_PRODUCT } from "./testing/fake-pay";

/**
 * Issue 26: the page pays only where the merchant receives. The server lists those chains; the
 * machine opens in a family the product offers and never moves to a chain it does not list.
 * (Kept beside pay-page-machine.test.ts so the two tables change independently.)
 */
const SESSION: PaymentSession = { sessionId: "s-1", productId: null, info: null, hash: null, payer: null };

function after(state: PayPageState, ...events: PayEvent[]): PayPageState {
  return events.reduce((s, e) => payPage(s, e).state, state);
}

/** The page as the island opens it: in the family `mountPayPage` picks from what was asked. */
function openedWith(product: PayableProduct, asked: PayFamily | null, served: boolean) {
  const family = offeredFamily(product, asked);
  const s = initialPayPage({ productId: product.id, family, stage: "details-screen", session: SESSION, ...(served ? { served: product } : {}) });
  const events: PayEvent[] = [{ type: "opened", persisted: { stage: s.stage, session: s.session, flow: s.flow } }];
  if (!served) events.push({ type: "loaded", product });
  return after(s, ...events);
}

const optionOf = (s: PayPageState) => (s.view.load.kind === "ready" ? `${s.view.load.option.chainId}:${s.view.load.option.token.symbol}` : s.view.load.kind);

const CASES: [name: string, product: PayableProduct, asked: PayFamily | null, expected: string][] = [
  ["Solana-only, nothing asked: Solana", SOLANA_ONLY_PRODUCT, null, `${SOLANA_DEVNET}:USDC`],
  ["Solana-only, EVM remembered from another merchant: Solana", SOLANA_ONLY_PRODUCT, "evm", `${SOLANA_DEVNET}:USDC`],
  ["EVM-only, nothing asked: its first EVM chain", EVM_ONLY_PRODUCT, null, `${LOCAL_EVM_A}:USDC`],
  ["EVM-only, Solana asked: EVM", EVM_ONLY_PRODUCT, "solana", `${LOCAL_EVM_A}:USDC`],
  ["both, nothing asked: Solana first", MULTI_CHAIN_PRODUCT, null, `${SOLANA_DEVNET}:USDC`],
  ["both, EVM asked: EVM", MULTI_CHAIN_PRODUCT, "evm", `${LOCAL_EVM_A}:USDC`],
];

describe("the pay page machine with what the merchant receives on", () => {
  it.each(CASES)("%s (loaded, and served)", (_name, product, asked, expected) => {
    expect(optionOf(openedWith(product, asked, false))).toBe(expected);
    expect(optionOf(openedWith(product, asked, true))).toBe(expected);
  });

  it("a Solana-only page ignores a pick of an EVM chain it does not list; an EVM-only page moves between its own chains", () => {
    const solana = openedWith(SOLANA_ONLY_PRODUCT, null, false);
    expect(optionOf(after(solana, { type: "optionPicked", chainId: LOCAL_EVM_A }))).toBe(`${SOLANA_DEVNET}:USDC`);
    expect(optionOf(after(solana, { type: "optionPicked", token: "USDT" }))).toBe(`${SOLANA_DEVNET}:USDT`);
    const evm = openedWith(EVM_ONLY_PRODUCT, null, false);
    expect(optionOf(after(evm, { type: "optionPicked", chainId: SOLANA_DEVNET }))).toBe(`${LOCAL_EVM_A}:USDC`);
    expect(optionOf(after(evm, { type: "optionPicked", chainId: LOCAL_EVM_B, token: "USDT" }))).toBe(`${LOCAL_EVM_B}:USDT`);
  });

  it("a page opened in a family the product does not offer pays nothing there (mountPayPage never opens one)", () => {
    const s = initialPayPage({ productId: SOLANA_ONLY_PRODUCT.id, family: "evm", stage: "details-screen", session: SESSION });
    expect(optionOf(after(s, { type: "opened", persisted: { stage: s.stage, session: s.session, flow: s.flow } }, { type: "loaded", product: SOLANA_ONLY_PRODUCT }))).toBe("unsupported");
  });
});

describe("offeredFamily", () => {
  it("keeps the family asked for when offered, else the product's first, none without options", () => {
    expect(offeredFamily(MULTI_CHAIN_PRODUCT, "evm")).toBe("evm");
    expect(offeredFamily(MULTI_CHAIN_PRODUCT, null)).toBe("solana");
    expect(offeredFamily(SOLANA_ONLY_PRODUCT, "evm")).toBe("solana");
    expect(offeredFamily(EVM_ONLY_PRODUCT, "solana")).toBe("evm");
    expect(offeredFamily({ ...MULTI_CHAIN_PRODUCT, options: [] }, "evm")).toBeUndefined();
  });
});
