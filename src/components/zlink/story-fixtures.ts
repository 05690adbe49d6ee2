/**
 * Stories only: sample zLinks and payments, a clipboard stub, and an in-memory merchant API
 * that answers the zLink and wallet calls the way the server does (same shared rules).
 */
import { fn } from "storybook/test";
import { ValidationError } from "yup";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { SOLANA_DEVNET } from "@/lib/chains";
import type { ReceivingWalletDto } from "@/lib/receiving-wallets";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import { walletAddressError } from "@/lib/wallet-address";
import { ZLINK_MESSAGES, hostedPayLink, isBelowMinimum, toZLinkInput, zlinkCurrencies, zlinkSchema, type QuickPayDto } from "@/lib/zlink";

export const STORY_USER_ID = "5b0c6f1e-3c1d-4c55-9a49-0f0e2d0c1a01";
export const STORY_WALLET = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
export const STORY_PAYER = "7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2";
export const STORY_HASH = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
const PAYMENTS_ORIGIN = "http://localhost:4322";

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

/** A Shopify order paid on the sandbox network (no public explorer; the server's link). */
export const shopifyPayment: PaymentInfoDto = {
  ...completedPayment,
  _id: "tx-4",
  chain: SOLANA_DEVNET,
  scanLink: `${PAYMENTS_ORIGIN}/tx/-5001/${STORY_HASH}`,
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

/** Replaces navigator.clipboard for a story (real clipboard access is flaky headless); returns the undo. */
export function stubClipboard(outcome: "resolves" | "rejects" = "resolves") {
  const writeText = fn<(text: string) => Promise<void>>();
  if (outcome === "resolves") writeText.mockResolvedValue(undefined);
  else writeText.mockRejectedValue(new DOMException("Write permission denied.", "NotAllowedError"));
  const own = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  return {
    writeText,
    restore: () => {
      if (own) Object.defineProperty(navigator, "clipboard", own);
      else Reflect.deleteProperty(navigator, "clipboard");
    },
  };
}

export interface FakeApiOptions {
  links?: QuickPayDto[];
  wallets?: ReceivingWalletDto[];
  chain?: number;
  /** Every call stays pending (Loading states). */
  pending?: boolean;
  /** The list call fails (load error state). */
  listFails?: boolean;
  /** Saves fail with a server error (the 'not saved' toast). */
  saveFails?: boolean;
}

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

/** An ApiClient answering the zLink and wallet calls in memory; its methods are spies. */
export function fakeMerchantApi(options: FakeApiOptions = {}): ApiClient & { links: QuickPayDto[] } {
  const links = (options.links ?? []).map((l) => ({ ...l }));
  const wallets = [...(options.wallets ?? [])];
  const chain = options.chain ?? SOLANA_DEVNET;
  const versions = new Map<string, number>();
  let next = 1;
  const never = new Promise<never>(() => {});
  const find = (id: string) => {
    const row = links.find((l) => l._id === id);
    if (!row) throw new ApiRequestError(404, "Payment Link not found", "not_found");
    return row;
  };
  const validate = (body: Record<string, unknown>) => {
    const values = {
      label: String(body.label ?? ""),
      desc: String(body.desc ?? ""),
      site: String(body.site ?? ""),
      price: String(body.price ?? ""),
      currency: String(body.currency ?? ""),
    };
    try {
      zlinkSchema({ currencies: [...zlinkCurrencies("USD"), "EUR"], exampleHost: "http://localhost:4321" }).validateSync(values, { abortEarly: false });
    } catch (err) {
      const issues = (err as ValidationError).inner.map((e) => ({ path: e.path ?? "", message: e.message }));
      throw new ApiRequestError(400, issues[0]?.message ?? "Invalid request", "invalid_request", issues);
    }
    if (isBelowMinimum(values.price)) throw new ApiRequestError(400, ZLINK_MESSAGES.amountMinimum, "amount_too_small");
    if (options.saveFails) throw new ApiRequestError(500, "Internal server error", "internal");
    return toZLinkInput(values);
  };
  const fields = (input: ReturnType<typeof toZLinkInput>) => ({
    label: input.label,
    desc: input.desc,
    site: input.site,
    price: input.price,
    amount: input.price,
    currency: input.currency,
    useFiat: input.useFiat,
    fiat: input.useFiat ? input.currency : null,
    token: input.useFiat ? null : input.currency,
    priceBaseUnits: input.priceBaseUnits === null ? null : input.priceBaseUnits.toString(),
  });
  const key = (id: string) => String(versions.get(id) ?? 1);

  const route = async (method: string, path: string, body: Record<string, unknown> = {}): Promise<unknown> => {
    if (options.pending) return never;
    if (method === "GET" && path === "/wallet/networks") return { data: { chain, chains: [chain], wallets } };
    if (method === "POST" && path === "/wallet/networks") {
      const problem = walletAddressError(chain, String(body.address ?? ""));
      if (problem) throw new ApiRequestError(400, problem, "invalid_wallet_address", [{ path: "address", message: problem }]);
      if (wallets.some((w) => w.chain === chain)) {
        throw new ApiRequestError(409, "A receiving wallet is already attached on Solana Devnet.", "already-attached");
      }
      const wallet = { ...storyWallet, _id: `w${next++}`, address: String(body.address).trim() };
      wallets.push(wallet);
      return { data: { wallet } };
    }
    if (method === "GET" && path === "/quick-pays") {
      if (options.listFails) throw new ApiRequestError(500, "Internal server error", "internal");
      return { data: links };
    }
    if (method === "POST" && path === "/quick-pays/create") {
      const input = validate(body);
      const now = new Date("2026-11-05T12:00:00.000Z").toISOString();
      const id = `new-${next++}`;
      const row: QuickPayDto = {
        ...sampleLinks[0],
        ...fields(input),
        _id: id,
        hashedId: `Nw${String(next).padStart(10, "x")}`,
        createdAt: now,
        updatedAt: now,
        enabled: true,
        updateUrl: `/quick-pays/update/${id}`,
        paymentInfo: null,
      };
      links.unshift(row);
      return { data: { info: row } };
    }
    const update = /^\/quick-pays\/update\/([^/]+)$/.exec(path);
    if (update && method === "GET") {
      const row = find(decodeURIComponent(update[1]));
      return { data: { key: key(row._id), info: row } };
    }
    if (update && method === "PUT") {
      const row = find(decodeURIComponent(update[1]));
      if (!row.enabled) throw new ApiRequestError(409, "This zLink is disabled and can no longer be changed", "zlink_disabled");
      Object.assign(row, fields(validate(body)));
      versions.set(row._id, Number(key(row._id)) + 1);
      return { data: { key: key(row._id), info: row } };
    }
    const disable = /^\/quick-pays\/disable\/([^/]+)$/.exec(path);
    if (disable && method === "POST") {
      const row = find(decodeURIComponent(disable[1]));
      Object.assign(row, { enabled: false, updateUrl: null });
      return { success: true, data: { info: row } };
    }
    const instructions = /^\/quick-pays\/([^/]+)\/([^/]+)$/.exec(path);
    if (instructions && method === "GET") {
      const row = find(decodeURIComponent(instructions[2]));
      if (!row.enabled) throw new ApiRequestError(409, "This zLink is disabled: its link no longer works", "zlink_disabled");
      return { data: { page_link: hostedPayLink(PAYMENTS_ORIGIN, row.hashedId), hashedId: row.hashedId } };
    }
    throw new ApiRequestError(404, "Resource not found", "not_found");
  };

  return {
    links,
    get: fn((path: string) => route("GET", path)) as ApiClient["get"],
    post: fn((path: string, body?: unknown) => route("POST", path, body as Record<string, unknown>)) as ApiClient["post"],
    put: fn((path: string, body?: unknown) => route("PUT", path, body as Record<string, unknown>)) as ApiClient["put"],
    delete: fn((path: string) => route("DELETE", path)) as ApiClient["delete"],
  };
}

/**
 * Stories of whole islands: answers `/api/*` fetches from `api` (and /api/session with 503, so the
 * cached story user stays); returns the undo.
 */
export function routeFetchTo(api: ApiClient): () => void {
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
    if (!url.pathname.startsWith("/api/")) return realFetch(input, init);
    const path = url.pathname.slice(4) + url.search;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (path === "/session") return json(503, { message: "offline", code: "offline" });
    const method = (init?.method ?? "GET").toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    try {
      const call = method === "GET" ? api.get(path) : method === "PUT" ? api.put(path, body) : method === "DELETE" ? api.delete(path) : api.post(path, body);
      return json(200, await call);
    } catch (err) {
      if (err instanceof ApiRequestError) return json(err.status, { message: err.message, code: err.code, issues: err.issues });
      throw err;
    }
  };
  return () => {
    window.fetch = realFetch;
  };
}
