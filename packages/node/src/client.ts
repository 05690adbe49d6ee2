import { ZpayError, type ZpayIssue } from "./errors.ts";
import type { CreatePayment, ListPayments, Payment, PaymentPage } from "./types.ts";

export interface ZpayOptions {
  /** The account id of the API keys card (Integrations). */
  accountId: string;
  /**
   * The API secret of the same card (`zpk_…`), shown once when you create or regenerate it. It is
   * not the webhook signing secret (`whsec_…`), which only `verifyWebhook` takes.
   */
  apiSecret?: string;
  /** @deprecated The old name of `apiSecret`. */
  secret?: string;
  /** Where zpay runs, e.g. `https://zpay.example.com` (the app's origin, not the pay page's). */
  baseUrl: string;
  /** A fetch of your own (tests, proxies); the global one otherwise. */
  fetch?: typeof fetch;
}

export interface CreateOptions {
  /**
   * Makes retries safe: the same key with the same body answers the first payment again (never a
   * second one); with another body the zAPI refuses it (`idempotency_key_reused`). Up to 255 characters.
   */
  idempotencyKey?: string;
}

/** What `create` answers: the payment, and whether it was a replay of an earlier call with the same key. */
export type CreatedPayment = Payment & { replayed: boolean };

/**
 * The zAPI client: `payments.create`, `payments.get`, `payments.list`. Every call authenticates
 * with HTTP Basic (account id and API secret); any answer other than 2xx throws a ZpayError.
 */
export class Zpay {
  readonly payments: {
    create(body: CreatePayment, options?: CreateOptions): Promise<CreatedPayment>;
    get(id: string): Promise<Payment>;
    list(query?: ListPayments): Promise<PaymentPage>;
  };

  constructor(options: ZpayOptions) {
    const apiSecret = options.apiSecret ?? options.secret;
    if (!options.accountId || !apiSecret) throw new TypeError("Zpay needs the accountId and apiSecret (zpk_…) of your API keys");
    const root = new URL("/api/v1/", options.baseUrl);
    const authorization = `Basic ${Buffer.from(`${options.accountId}:${apiSecret}`, "utf8").toString("base64")}`;
    const send = options.fetch ?? fetch;

    const call = async <T>(path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) => {
      const res = await send(new URL(path, root), {
        method: init.method,
        headers: {
          authorization,
          accept: "application/json",
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (!res.ok) {
        const e = (json ?? {}) as { code?: string; message?: string; issues?: ZpayIssue[] };
        throw new ZpayError(res.status, e.code ?? "http_error", e.message ?? `zpay answered HTTP ${res.status}`, e.issues ?? []);
      }
      return { body: json as T, headers: res.headers };
    };

    this.payments = {
      async create(body, createOptions = {}) {
        const headers: Record<string, string> = createOptions.idempotencyKey ? { "idempotency-key": createOptions.idempotencyKey } : {};
        const res = await call<Payment>("payments", { method: "POST", body, headers });
        return { ...res.body, replayed: res.headers.get("idempotent-replayed") === "true" };
      },
      async get(id) {
        return (await call<Payment>(`payments/${encodeURIComponent(id)}`, { method: "GET" })).body;
      },
      async list(query = {}) {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
        const search = params.size ? `?${params}` : "";
        return (await call<PaymentPage>(`payments${search}`, { method: "GET" })).body;
      },
    };
  }
}
