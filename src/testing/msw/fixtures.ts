/**
 * Stories only: the sample merchant, zLinks, payments and wallet the story server (./store.ts)
 * starts from. Same data the baselines were drawn with; change it and the pictures change.
 */
import { SOLANA_DEVNET } from "@/lib/chains";
import type { ReceivingWalletDto } from "@/lib/receiving-wallets";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import type { QuickPayDto } from "@/lib/zlink";
import type { SessionUser } from "@/stores/session";

export const STORY_USER_ID = "5b0c6f1e-3c1d-4c55-9a49-0f0e2d0c1a01";
export const STORY_WALLET = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
export const STORY_PAYER = "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2";
export const STORY_HASH = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
/** The bearer token the story server hands out; any other is an expired session. */
export const STORY_TOKEN = "story-token";
/** Where hosted pay links point (the payments origin in sandbox). */
export const STORY_PAYMENTS_ORIGIN = "http://localhost:4322";
/** The merchant app's origin, as the server's zLink rules name it in their examples. */
export const STORY_APP_ORIGIN = "http://localhost:4321";

/** The story server's clock for rows it creates, so what a story creates looks the same every run. */
export const STORY_NOW = "2026-11-05T12:00:00.000Z";
/** The nonce the story server hands out for a sign-in (one per wallet, single use). */
export const STORY_NONCE = "0123456789abcdef0123456789abcdef";

/** The merchant as the server keeps them: a session user without the token and its expiry. */
export type StoryMerchant = Omit<SessionUser, "token" | "validTill">;

/** The story merchant: quickpay permission, onboarded, terms accepted; override any field. */
export function storyMerchant(overrides: Partial<Omit<StoryMerchant, "settings">> & { settings?: Partial<StoryMerchant["settings"]> } = {}): StoryMerchant {
  const { settings, ...rest } = overrides;
  return {
    _id: STORY_USER_ID,
    publicKey: STORY_WALLET,
    email: null,
    acceptedTerms: true,
    referralCode: "ABCD2345",
    billingCurrency: "USD",
    ...rest,
    settings: { permissions: ["quickpay"], rampOnly: false, isOnboarded: true, ...settings },
  };
}

/** A completed direct payment of 12.50 USDC, on Solana mainnet (so the hash has an explorer link). */
export const completedPayment: PaymentInfoDto = {
  _id: "tx-1",
  status: "validated",
  requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
  recievedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
  chain: -5000,
  hash: STORY_HASH,
  scanLink: null,
  payer: STORY_PAYER,
  ramp: false,
  swap: null,
  type: "quick-pay",
  merchantExtras: null,
  lockedAt: "2026-11-02T10:00:00.000Z",
  paidAt: "2026-11-02T10:00:06.000Z",
  validatedAt: "2026-11-02T10:00:19.000Z",
  failedAt: null,
  refundedAt: null,
  refundedAmount: "0",
  productInfo: { price: "12.5", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" },
};

/** Paid by a SOL swap, still waiting for finality (Verifying). */
export const verifyingSwapPayment: PaymentInfoDto = {
  ...completedPayment,
  _id: "tx-2",
  status: "paid",
  requestedAmount: { value: "40000000", decimals: 6, currency: "USDC" },
  recievedAmount: { value: "40000000", decimals: 6, currency: "USDC" },
  swap: { type: "swap", token: "SOL" },
  validatedAt: null,
};

/** Failed before anything reached the chain. */
export const failedPayment: PaymentInfoDto = {
  ...completedPayment,
  _id: "tx-3",
  status: "failed",
  recievedAmount: null,
  hash: null,
  payer: null,
  paidAt: null,
  validatedAt: null,
  failedAt: "2026-11-02T10:05:00.000Z",
};

/** The completed payment after a confirmed refund of 5 of its 12.5 USDC: still validated (the chip reads Completed). */
export const partiallyRefundedPayment: PaymentInfoDto = {
  ...completedPayment,
  _id: "tx-5",
  refundedAmount: "5000000",
};

/** The completed payment refunded whole: the server reads it refunded and times the Refunded stage. */
export const fullyRefundedPayment: PaymentInfoDto = {
  ...completedPayment,
  _id: "tx-6",
  status: "refunded",
  refundedAt: "2026-11-03T14:30:00.000Z",
  refundedAmount: "12500000",
};

/** A Shopify order paid on the sandbox network (no public explorer; the server's link). */
export const shopifyPayment: PaymentInfoDto = {
  ...completedPayment,
  _id: "tx-4",
  chain: SOLANA_DEVNET,
  scanLink: `${STORY_PAYMENTS_ORIGIN}/tx/-5001/${STORY_HASH}`,
  type: "shopify-order",
  merchantExtras: { orderId: "#1042" },
};

function link(overrides: Partial<QuickPayDto> & Pick<QuickPayDto, "_id" | "hashedId" | "label" | "price" | "currency" | "createdAt">): QuickPayDto {
  const useFiat = overrides.currency !== "USDC";
  return {
    user: STORY_USER_ID,
    desc: "",
    site: null,
    amount: overrides.price,
    useFiat,
    fiat: useFiat ? overrides.currency : null,
    token: useFiat ? null : overrides.currency,
    priceBaseUnits: useFiat ? null : String(Math.round(Number(overrides.price) * 1e6)),
    userCurrency: "USD",
    defaultToken: "USDC",
    enabled: true,
    updatedAt: overrides.createdAt,
    updateUrl: `/quick-pays/update/${overrides._id}`,
    paymentInfo: null,
    ...overrides,
  };
}

/** Newest first, as the API lists them: pending, completed, verifying, failed, disabled. */
export const sampleLinks: QuickPayDto[] = [
  link({ _id: "a1", hashedId: "7Hq2kZr9XbNm", label: "Coffee beans (1 kg)", desc: "Roasted this week", price: "12.5", currency: "USD", createdAt: "2026-11-04T09:30:00.000Z", site: "https://beans.example" }),
  link({ _id: "a2", hashedId: "3fGtYw8LpQsA", label: "Workshop ticket", price: "12.5", currency: "USD", createdAt: "2026-11-02T09:59:00.000Z", paymentInfo: completedPayment }),
  link({ _id: "a3", hashedId: "9KmNb4VcXz2R", label: "Consulting hour", price: "40", currency: "USDC", createdAt: "2026-11-01T16:00:00.000Z", paymentInfo: verifyingSwapPayment }),
  link({ _id: "a4", hashedId: "2WxEr5TyUi8P", label: "Sticker pack", price: "0.5", currency: "USDC", createdAt: "2026-10-30T12:00:00.000Z", paymentInfo: failedPayment }),
  link({ _id: "a5", hashedId: "8PoIu7YtRe6W", label: "Summer sale", price: "99.99", currency: "USD", createdAt: "2026-10-20T08:15:00.000Z", enabled: false, updateUrl: null }),
];

/** The merchant's receiving wallet on the sandbox chain, entered by hand. */
export const storyWallet: ReceivingWalletDto = {
  _id: "w1",
  chain: SOLANA_DEVNET,
  chainName: "Solana Devnet",
  family: "solana",
  chains: [SOLANA_DEVNET],
  address: STORY_WALLET,
  type: "manual",
  walletName: null,
  chainSwitchPossible: false,
  proven: false,
  valid: true,
  createdAt: "2026-11-01T08:00:00.000Z",
  updatedAt: "2026-11-01T08:00:00.000Z",
};
