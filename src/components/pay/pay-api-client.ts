import { ApiRequestError, fetchJson } from "@/lib/api-client";
import type {
  FaucetGrant,
  FaucetRequest,
  PayableProduct,
  PayChainConfig,
  PaymentProgress,
  PaymentTransactionInfo,
  SanctionCheckRequest,
  SanctionCheckResult,
  StartPaymentRequest,
} from "@/lib/pay-api";

/**
 * Everything the pay page asks the payments origin. Failures reject with `ApiRequestError`
 * carrying the server's `message` (SPEC §8); stories and tests pass a fake.
 */
export interface PayApi {
  /** `GET /api/pay/{id}`; a 404 means the link does not exist or was disabled. */
  getProduct(id: string): Promise<PayableProduct>;
  /** `POST /v2/wallet-sanction-status?sessionId=…` on the payments root (SPEC §7). */
  checkSanction(req: SanctionCheckRequest, sessionId?: string): Promise<SanctionCheckResult>;
  /** `POST /api/pay/{id}/start`: creates the transaction and returns what the wallet signs. */
  start(id: string, req: StartPaymentRequest): Promise<PaymentTransactionInfo>;
  /** `GET /api/pay/transactions/{payment}`: the server's view of the payment. */
  progress(paymentId: string): Promise<PaymentProgress>;
  /** `POST /api/sandbox/faucet`: test coins for the payer (sandbox only). */
  faucet(req: FaucetRequest): Promise<FaucetGrant>;
  /** `GET /api/config`: the Solana RPC the browser's connection uses, explorer links. */
  getConfig(): Promise<PayChainConfig>;
}

/** Runs one JSON call and unwraps `{ data }`; failures become `ApiRequestError` with the server's message. */
async function requestJson<T>(doFetch: typeof fetch, url: string, init: { method: "GET" | "POST"; body?: unknown }): Promise<T> {
  const parsed = await fetchJson<{ data?: T } | undefined>(doFetch, url, init);
  if (parsed?.data === undefined) throw new ApiRequestError(200, "The server sent an empty answer.", "empty");
  return parsed.data;
}

/** The real PayApi: same-origin `fetch` against the payments origin (`base` for another origin). */
export function createPayApi({ base = "", fetch: doFetch = (...args) => globalThis.fetch(...args) }: { base?: string; fetch?: typeof fetch } = {}): PayApi {
  const enc = encodeURIComponent;
  return {
    getProduct: (id) => requestJson(doFetch, `${base}/api/pay/${enc(id)}`, { method: "GET" }),
    checkSanction: (req, sessionId) =>
      requestJson(doFetch, `${base}/v2/wallet-sanction-status${sessionId ? `?sessionId=${enc(sessionId)}` : ""}`, { method: "POST", body: req }),
    start: (id, req) => requestJson(doFetch, `${base}/api/pay/${enc(id)}/start`, { method: "POST", body: req }),
    progress: (paymentId) => requestJson(doFetch, `${base}/api/pay/transactions/${enc(paymentId)}`, { method: "GET" }),
    faucet: (req) => requestJson(doFetch, `${base}/api/sandbox/faucet`, { method: "POST", body: req }),
    getConfig: () => requestJson(doFetch, `${base}/api/config`, { method: "GET" }),
  };
}
