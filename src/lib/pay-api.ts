/**
 * The payer API of the payments origin (no account, no token): what the hosted pay page reads
 * and sends. The server (`src/server/modules/pay`) answers with exactly these shapes inside
 * `{ data }`; errors are `{ message, code }` like every other route. Amounts are decimal
 * strings of base units (bigint-safe JSON). The pay page's client (`components/pay/pay-api-client.ts`)
 * is typed with these; the server's schemas `satisfies` them, and
 * `pay-api-client.test.ts` checks the faucet's and config's server types against them.
 */

/** Payment flow state of the pay page (SPEC §4): init → processing → processed | submitted | failed. */
export type PaymentFlowState = "init" | "processing" | "processed" | "submitted" | "failed";

/** Server-side transaction status (SPEC §3 Transaction). */
import type { PaymentStatus } from "./payment-status";
import type { ProductType } from "./product-types";

export type { PaymentStatus, ProductType };

/** The smallest amount a payer may type on a donation page, and the minimum of zLink and zRequest (SPEC §9). */
export const MINIMUM_AMOUNT = "0.1";
/** The most a payer may put of one zCart line. */
export const MAX_CART_QUANTITY = 99;

/** A zCart line as the payer sees it (prices as decimal text in the cart's currency). */
export interface CartLine {
  itemId: string;
  name: string;
  description?: string;
  /** Served from our own origin (`/api/uploads/{id}`), when the item has an image. */
  imageUrl?: string;
  unitPrice: string;
  quantity: number;
}

/**
 * What was ordered, frozen on the transaction when the payer starts: a zCart's lines with the
 * server's prices and amounts, or a donor's optional name and message for the merchant.
 */
export interface OrderDetails {
  lines?: { itemId: string; name: string; unitPrice: string; quantity: number; amount: string }[];
  donor?: { name?: string; message?: string };
}

/** `GET /api/pay/{id}`: a payable product as the payer sees it. */
export interface PayableProduct {
  /** The public id from `?p=`. */
  id: string;
  type: ProductType;
  label: string;
  description?: string;
  /** The merchant's site, shown as a link when set. */
  site?: string;
  /**
   * The price as the merchant set it, e.g. "12.5" in "USD" or "USDC". For a donation it is the
   * minimum; for a zCart it is the total of the default quantities (the server recomputes it).
   */
  price: string;
  currency: string;
  /** True when the price is in a fiat currency and is converted to USDC when the payer starts. */
  useFiat: boolean;
  /** Indicative USDC amount (decimal text) at the current rate; the rate is fixed at start. */
  estimatedUsdc: string;
  merchant: {
    displayName: string;
    /** Public URL of the logo, when the merchant uploaded one. */
    logoUrl?: string;
    /** Brand colour as #rrggbb, when set. */
    brandColor?: string;
  };
  /** Chains and tokens the payer may pay with (Solana first, then EVM chains), each token with its own decimals. */
  options: { chainId: number; chainName: string; tokens: { symbol: string; address: string; decimals: number }[] }[];
  /** Sandbox mode: the page offers the faucet and shows a test-network banner. */
  sandbox: boolean;
  /** zRequest: whom the request is for (the payer the merchant named). */
  request?: { name: string };
  /** zInvoice / invoice: its number and due date, and the read-only invoice page on this origin. */
  invoice?: { number: string; paymentDueOn: string; url: string };
  /** zCart: the lines, and whether the payer may change the quantities (1..MAX_CART_QUANTITY, 0 removes a line). */
  cart?: { lines: CartLine[]; quantitiesEditable: boolean };
  /** Donation: the merchant's suggested amounts (decimal text in `currency`); the payer may type any amount ≥ `minimum`. */
  donation?: { suggestedAmounts: string[]; minimum: string };
  /** A single-payment product (zRequest, invoice) that is already paid: the page says so and offers no payment. */
  paid?: boolean;
}

/** `POST /api/pay/{id}/start` body. */
export interface StartPaymentRequest {
  chainId: number;
  token: string;
  /**
   * The payer's wallet address (checked against the sanctions list first). Left out for a Solana
   * Pay QR payment: the phone wallet that scans it is unknown until it pays, and the server screens
   * that real payer when it credits the transfer.
   */
  payer?: string;
  /** The pay page's session id (session storage), to resume after a reload. */
  sessionId: string;
  /** Donation: the amount the payer chose, decimal text in the product's currency (≥ minimum). */
  amount?: string;
  /** Donation: optional name and message for the merchant (each at most 200 / 1000 characters). */
  donor?: { name?: string; message?: string };
  /** zCart with editable quantities: item id → quantity (0..MAX_CART_QUANTITY, at least one line above 0). */
  quantities?: Record<string, number>;
}

/** SPEC §3 Payment transaction info: what the payer's wallet must sign. */
export interface PaymentTransactionInfo {
  /** Public id of the transaction the server created (`initiated`). */
  payment: string;
  chain: number;
  /** The merchant's receiving wallet (owner). */
  recipient: string;
  /** Where the tokens go: the recipient's associated token account (Solana). */
  address: string;
  /** Mint (Solana) or contract (EVM). */
  tokenAddress: string;
  decimals: number;
  /** Decimal text of the amount, for display. */
  amount: string;
  /** Base units to transfer. */
  amountWei: string;
  /** Solana: a fresh public key to add read-only to the transfer instruction. */
  reference: string;
  /** The memo carrying the order reference. */
  memo: string;
  /** After this the server stops waiting (a late payment is still recorded). */
  expiresAt: string;
  /**
   * The recipient's token account does not exist yet (production only; the sandbox opens it
   * itself): the payer's transaction opens it first, idempotently, paying its rent.
   */
  createRecipientAccount?: boolean;
  /** Fiat price and the rate fixed into this transaction, when the product is priced in fiat. */
  fiat?: { currency: string; price: string; rate: string };
  /**
   * EVM: Request Network's ERC20FeeProxy on this chain. Approve this contract for amountWei, then
   * call transferFromWithReferenceAndFee(tokenAddress, recipient, amountWei, reference, 0, 0x0…0);
   * the watcher matches the payment by the reference the proxy logs.
   */
  proxy?: string;
}

/** `GET /api/pay/transactions/{payment}`: progress the pay page polls. */
export interface PaymentProgress {
  payment: string;
  status: PaymentStatus;
  hash?: string;
  payer?: string;
  /** Received base units, and whether it differs from the request. */
  receivedAmount?: string;
  amountMismatch?: "under" | "over";
  /** Base units asked for (the server always sends it; older answers and fixtures may not). */
  requestedAmount?: string;
  /** Base units still to pay: requested less received, never below zero (always sent by the server). */
  amountDue?: string;
  /** The token's decimals, for the amounts above (always sent by the server). */
  decimals?: number;
  /** When the time to pay runs out, ISO 8601 (always sent by the server): the page counts down to it. */
  expiresAt?: string;
  failureReason?: string;
  /** Explorer page of the transaction, when known. */
  explorerUrl?: string;
  /** Where to send the payer after success, when the merchant set a callback URL. */
  callbackUrl?: string;
}

/** `POST /v2/wallet-sanction-status` (SPEC §7): body and answer. */
export interface SanctionCheckRequest {
  wallet: string;
  payment: string;
  order?: string;
  type: string;
  chain: number;
}
export interface SanctionCheckResult {
  passed: boolean;
}

/** `POST /api/sandbox/faucet` body: which address gets test coins of which token on which chain. */
export interface FaucetRequest {
  chain: number;
  address: string;
  /** Token symbol the faucet hands out ("USDC" or "USDT"); the server refuses others. */
  token: string;
}

/** What the faucet sent: base units of the token and of the chain's native coin, and the transactions. */
export interface FaucetGrant {
  tokenAmount: string;
  nativeAmount: string;
  transactions: string[];
}

/** The part of `GET /api/config` the pay page reads: per chain, its RPC (local networks only) and explorer. */
export interface PayChainConfig {
  contractsMeta: Record<string, { rpcUrl?: string; wsUrl?: string; explorerTx?: string; network?: "mainnet" | "testnet" | "local" }>;
}
