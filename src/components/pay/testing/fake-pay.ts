import { ApiRequestError } from "@/lib/api-client";
import { SOLANA_DEVNET } from "@/lib/chains";
import type { FaucetGrant, PayableProduct, PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";
import type { PayApi } from "../pay-api-client";
import type { SwapAnswer } from "@/lib/swap-api";
import type { SwapHolding } from "../pay-page-state";
import type { PaymentSender, PaymentSwapper } from "../payment-sender";

/** Fixtures and fakes for the pay page's stories and tests: no network anywhere. */

export const PAYER_ADDRESS = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
export const TX_HASH = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
const USDC_MINT = "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU";

const logo =
  "data:image/svg+xml;base64," +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#f59e0b"/><path d="M10 26 L20 10 L30 26 Z" fill="#fff"/></svg>');

/** A zLink priced in USD (converted to USDC when the payer starts), in sandbox. */
export const USD_PRODUCT: PayableProduct = {
  id: "ql_usd",
  type: "quick-pay",
  label: "Annual membership",
  description: "One year of the Riverside Climbing Club, gear rental included.",
  site: "https://climb.example",
  price: "49.99",
  currency: "USD",
  useFiat: true,
  estimatedUsdc: "49.99",
  merchant: { displayName: "Riverside Climbing Club" },
  options: [{ chainId: SOLANA_DEVNET, chainName: "Solana Devnet", tokens: [{ symbol: "USDC", address: USDC_MINT, decimals: 6 }] }],
  sandbox: true,
};

/** A zLink priced directly in USDC. */
export const USDC_PRODUCT: PayableProduct = {
  ...USD_PRODUCT,
  id: "ql_usdc",
  label: "Pay Now",
  description: undefined,
  site: undefined,
  price: "25",
  currency: "USDC",
  useFiat: false,
  estimatedUsdc: "25",
};

/** A merchant with a logo and a (light) brand colour. */
export const BRANDED_PRODUCT: PayableProduct = {
  ...USD_PRODUCT,
  id: "ql_brand",
  label: "Espresso beans, 1 kg",
  description: "Single origin, roasted this week.",
  site: "https://sunrise-coffee.example",
  price: "32",
  estimatedUsdc: "32",
  merchant: { displayName: "Sunrise Coffee Roasters", logoUrl: logo, brandColor: "#f59e0b" },
};

/** Local EVM chains of the sandbox (two anvil nodes; on B, USDT has 18 decimals). */
export const LOCAL_EVM_A = 31337;
export const LOCAL_EVM_B = 31338;
export const EVM_PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const EVM_TX_HASH = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060";
const EVM_USDC = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const EVM_USDT = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

/** A zLink payable on every chain a sandbox offers: Solana (USDC, USDT) and both local EVM chains. */
export const MULTI_CHAIN_PRODUCT: PayableProduct = {
  ...USDC_PRODUCT,
  id: "ql_multi",
  options: [
    {
      chainId: SOLANA_DEVNET,
      chainName: "Solana Devnet",
      tokens: [
        { symbol: "USDC", address: USDC_MINT, decimals: 6 },
        { symbol: "USDT", address: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", decimals: 6 },
      ],
    },
    {
      chainId: LOCAL_EVM_A,
      chainName: "Local EVM A",
      tokens: [
        { symbol: "USDC", address: EVM_USDC, decimals: 6 },
        { symbol: "USDT", address: EVM_USDT, decimals: 6 },
      ],
    },
    {
      chainId: LOCAL_EVM_B,
      chainName: "Local EVM B",
      tokens: [
        { symbol: "USDC", address: EVM_USDC, decimals: 6 },
        { symbol: "USDT", address: EVM_USDT, decimals: 18 },
      ],
    },
  ],
};

/** The same zLink of a merchant who receives on Solana only: the server offers no EVM chain (issue 26). */
export const SOLANA_ONLY_PRODUCT: PayableProduct = { ...MULTI_CHAIN_PRODUCT, id: "ql_solana_only", options: MULTI_CHAIN_PRODUCT.options.filter((o) => o.chainId === SOLANA_DEVNET) };

/** The same zLink of a merchant whose EVM address receives on both local chains, with no Solana wallet. */
export const EVM_ONLY_PRODUCT: PayableProduct = { ...MULTI_CHAIN_PRODUCT, id: "ql_evm_only", options: MULTI_CHAIN_PRODUCT.options.filter((o) => o.chainId !== SOLANA_DEVNET) };

/** What `start` answers on an EVM chain: the merchant's address, the fee proxy, an 8-byte reference. */
export function evmPaymentInfoFor(product: PayableProduct, chainId = LOCAL_EVM_A, payment = "pay_evm_1") {
  const base = paymentInfoFor(product, payment);
  return {
    ...base,
    chain: chainId,
    recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    tokenAddress: EVM_USDC,
    reference: "0x1a2b3c4d5e6f7081",
    memo: "",
    proxy: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  };
}

/** What `start` answers for a product. */
export function paymentInfoFor(product: PayableProduct, payment = "pay_1"): PaymentTransactionInfo {
  const amount = product.estimatedUsdc;
  const [whole, fraction = ""] = amount.split(".");
  return {
    payment,
    chain: product.options[0]!.chainId,
    recipient: "7YttLkHDoNj9wyDur5pM1ejNaAvT9X4eqaYcHQqtj2G5",
    address: "3Bb3Bg1pViC5nQdErDzNE5bNrfS1JWvXrHDqzMZEKBA6",
    tokenAddress: USDC_MINT,
    decimals: 6,
    amount,
    amountWei: BigInt(whole + fraction.padEnd(6, "0")).toString(),
    reference: "Fo1SGRHz4WBgL3x2mkyM7mhDLZrPYNPTGqtkZEzYpEqQ",
    memo: `zpay:${payment}`,
    expiresAt: "2026-11-22T19:00:00.000Z",
    ...(product.useFiat ? { fiat: { currency: product.currency, price: product.price, rate: "1" } } : {}),
  };
}

export const FAUCET_GRANT: FaucetGrant = { tokenAmount: "1000000000", nativeAmount: "1000000000", transactions: [TX_HASH] };

/** A promise that never settles: a call still in flight. */
export const pending = <T>() => new Promise<T>(() => {});

/** Answers `progress` with each status in turn, then keeps repeating the last. */
export function progressSequence(...steps: Partial<PaymentProgress>[]): PayApi["progress"] {
  let i = 0;
  return async (payment) => {
    const step = steps[Math.min(i++, steps.length - 1)]!;
    return { payment, status: "initiated", ...step };
  };
}

/** A PayApi that answers like a healthy sandbox server; override any method. */
export function fakePayApi(product: PayableProduct | null = USD_PRODUCT, overrides: Partial<PayApi> = {}): PayApi {
  return {
    getProduct: async () => {
      if (!product) throw new ApiRequestError(404, "Payment link not found", "not_found");
      return product;
    },
    checkSanction: async () => ({ passed: true }),
    start: async () => paymentInfoFor(product ?? USD_PRODUCT),
    progress: progressSequence({ status: "initiated" }),
    faucet: async () => FAUCET_GRANT,
    getConfig: async () => ({ contractsMeta: {} }),
    ...overrides,
  };
}

/** A sender whose wallet sends at once and whose network processes it (or fails as told). */
export function fakeSender(behaviour: { hash?: string; error?: Error; errorAfterSend?: Error; hangBeforeSend?: boolean } = {}): PaymentSender & { sent: PaymentTransactionInfo[] } {
  const sent: PaymentTransactionInfo[] = [];
  return {
    sent,
    async send(info, onSent) {
      sent.push(info);
      if (behaviour.hangBeforeSend) return pending<string>();
      if (behaviour.error) throw behaviour.error;
      const hash = behaviour.hash ?? TX_HASH;
      onSent(hash);
      if (behaviour.errorAfterSend) throw behaviour.errorAfterSend;
      return hash;
    },
  };
}

/** A zRequest to a named payer, with the merchant's message. */
export const REQUEST_PRODUCT: PayableProduct = {
  ...USD_PRODUCT,
  id: "zr_req",
  type: "collect",
  label: "Design workshop, March",
  description: "Hi Ada, here is the request for the two-day workshop. Thank you!",
  site: undefined,
  price: "120",
  estimatedUsdc: "120",
  request: { name: "Ada Lovelace" },
};

/** An invoice: its number, due date and read-only page. */
export const INVOICE_PRODUCT: PayableProduct = {
  ...USD_PRODUCT,
  id: "inv_2026",
  type: "invoice",
  label: "Website redesign, November",
  description: undefined,
  site: undefined,
  price: "1250.4",
  estimatedUsdc: "1250.4",
  invoice: { number: "INV-2026-0042", paymentDueOn: "2026-12-15", url: "http://localhost:4322/invoice/inv_2026" },
};

const mugImage =
  "data:image/svg+xml;base64," +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#e0f2fe"/><rect x="12" y="14" width="20" height="22" rx="3" fill="#0369a1"/><path d="M32 19h4a4 4 0 0 1 0 8h-4" stroke="#0369a1" stroke-width="3" fill="none"/></svg>');

/** A zCart in USDC with fixed quantities: two lines (one with an image) and the total. */
export const CART_PRODUCT: PayableProduct = {
  ...USDC_PRODUCT,
  id: "zc_cart",
  type: "product",
  label: "Sunrise Coffee order",
  price: "29.5",
  estimatedUsdc: "29.5",
  cart: {
    quantitiesEditable: false,
    lines: [
      { itemId: "mug", name: "Ceramic mug", imageUrl: mugImage, unitPrice: "12.5", quantity: 2 },
      { itemId: "tea", name: "Green tea, 100 g", unitPrice: "4.5", quantity: 1 },
    ],
  },
};

/** The same zCart where the payer sets the quantities. */
export const CART_EDITABLE_PRODUCT: PayableProduct = { ...CART_PRODUCT, id: "zc_edit", cart: { ...CART_PRODUCT.cart!, quantitiesEditable: true } };

/** A donation page in USDC: three suggested amounts, any other amount from 0.1. */
export const DONATION_PRODUCT: PayableProduct = {
  ...USDC_PRODUCT,
  id: "dn_page",
  type: "donate",
  label: "Support the community garden",
  description: "Every donation buys seeds and tools for the neighbourhood garden.",
  price: "0.1",
  estimatedUsdc: "0.1",
  donation: { suggestedAmounts: ["5", "10", "25"], minimum: "0.1" },
};

/** A zRequest already paid. */
export const PAID_PRODUCT: PayableProduct = { ...REQUEST_PRODUCT, id: "zr_paid", paid: true };

/** The sandbox's swappable tokens as a payer's wallet holds them: 2.5 SOL and 120 test USDT. */
export const SOL_HOLDING: SwapHolding = { symbol: "SOL", mint: "So11111111111111111111111111111111111111112", decimals: 9, native: true, balance: "2500000000" };
export const USDT_HOLDING: SwapHolding = { symbol: "USDT", mint: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", decimals: 6, native: false, balance: "120000000" };
export const SWAP_HOLDINGS: SwapHolding[] = [SOL_HOLDING, USDT_HOLDING];

/** The swap route's answer for paying 49.99 USDC with `holding` at 150 USD a SOL (1 a USDT), 0.5 % slippage, holding until `expiresAt`. */
export function swapAnswerFor(holding: SwapHolding = SOL_HOLDING, expiresAt = "2026-11-22T18:31:00.000Z", due = 49_990_000n): SwapAnswer {
  const inAmount = holding.native ? (due * 1000n + 149n) / 150n : due;
  return {
    success: true,
    data: "",
    quote: {
      provider: "sandbox-maker",
      fromAsset: holding.symbol,
      inputMint: holding.mint,
      inAmount: inAmount.toString(),
      maxInAmount: ((inAmount * 10_050n + 9_999n) / 10_000n).toString(),
      outAmount: due.toString(),
      slippageBps: 50,
      priceImpactPct: "0.0012",
      expiresAt,
      lastValidBlockHeight: 1000,
    },
  };
}

/** A wallet that pays with another token: holds `holdings`, quotes at once, sends (or fails as told). */
export function fakeSwapper(
  behaviour: { holdings?: SwapHolding[] | Error; quote?: (fromAsset: string) => Promise<SwapAnswer>; error?: Error; errorAfterSend?: Error; refresh?: SwapAnswer; hangSend?: boolean; hangList?: boolean } = {},
): PaymentSwapper & { quotes: { payment: string; fromAsset: string }[]; sent: { payment: string; fromAsset: string; answer: SwapAnswer }[] } {
  const quotes: { payment: string; fromAsset: string }[] = [];
  const sent: { payment: string; fromAsset: string; answer: SwapAnswer }[] = [];
  return {
    quotes,
    sent,
    async holdings() {
      if (behaviour.hangList) return pending<SwapHolding[]>();
      if (behaviour.holdings instanceof Error) throw behaviour.holdings;
      return behaviour.holdings ?? SWAP_HOLDINGS;
    },
    async quote(info, fromAsset) {
      quotes.push({ payment: info.payment, fromAsset });
      if (behaviour.quote) return behaviour.quote(fromAsset);
      return swapAnswerFor(SWAP_HOLDINGS.find((h) => h.mint === fromAsset) ?? SOL_HOLDING);
    },
    async send({ info, fromAsset, answer, onSent, onRefreshing, onRefreshed }) {
      let current = answer;
      if (behaviour.refresh) {
        onRefreshing();
        if (behaviour.hangSend) return pending<string>();
        current = behaviour.refresh;
        onRefreshed(current);
      }
      sent.push({ payment: info.payment, fromAsset, answer: current });
      if (behaviour.hangSend) return pending<string>();
      if (behaviour.error) throw behaviour.error;
      onSent(TX_HASH);
      if (behaviour.errorAfterSend) throw behaviour.errorAfterSend;
      return TX_HASH;
    },
  };
}
