/**
 * The browser's way to call `/api` (SPEC §7): JSON in and out, a bearer token when signed in,
 * and failures as `ApiRequestError` carrying the server's `message` (else the status text), so
 * screens can show what the server said (SPEC §8).
 */
import { takeEarlyResponse } from "./early-requests";

/** The code the server answers (403) for a merchant lacking a page's permission. */
export const PERMISSION_DENIED = "permission_denied";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /**
   * A 401/403: the session is gone or not allowed; the shell logs the merchant out. Not when the
   * session is fine but the change needs a recent sign-in (`fresh_sign_in_required`): the screen
   * shows the server's message and the merchant signs in again. Nor when the session is fine but
   * lacks a permission (`permission_denied`): the page says so instead of logging out.
   */
  get isSessionProblem(): boolean {
    return (this.status === 401 || this.status === 403) && !this.needsFreshSignIn && !this.isPermissionDenied;
  }

  /** A live session without the permission this call needs (the page shows the permission screen). */
  get isPermissionDenied(): boolean {
    return this.status === 403 && this.code === PERMISSION_DENIED;
  }

  /** The server wants a sign-in younger than its FRESH_SIGN_IN_MINUTES before this change. */
  get needsFreshSignIn(): boolean {
    return this.code === "fresh_sign_in_required";
  }
}

export interface ApiClientOptions {
  /** Origin the API lives on; '' for the page's own origin. */
  base?: string;
  /** Read on every call, so a sign-in or sign-out takes effect at once. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

/** What an error answer says besides its code: the wait a 429 names in `Retry-After` (seconds). */
export interface ApiErrorDetails {
  retryAfterSeconds?: number;
}

/** Gives the user's-language text for an error code, or undefined to keep the server's message. */
export type ApiErrorLocalizer = (code: string, details?: ApiErrorDetails) => string | undefined;
let localizeError: ApiErrorLocalizer | undefined;

/**
 * Installs the translation of server error codes for every client built on `fetchJson` (merchant
 * screens, the pay page, sign-in). The server writes its messages in English; the page's i18n
 * setup installs this so a French user reads them in French.
 */
export function localizeApiErrorsWith(localizer: ApiErrorLocalizer | undefined): void {
  localizeError = localizer;
}

/**
 * One JSON call: the parsed body on success; on failure an `ApiRequestError` with the server's
 * `message`, `code` and `issues` (else the status text); a network failure has status 0.
 */
export async function fetchJson<T>(
  doFetch: typeof fetch,
  url: string,
  { method, body, headers: extra = {} }: { method: ApiMethod; body?: unknown; headers?: Record<string, string> },
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...extra };
  if (body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await doFetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiRequestError(0, localizeError?.("network") || "Network request failed", "network");
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const err = (parsed ?? {}) as { message?: unknown; code?: unknown; issues?: unknown };
    const code = typeof err.code === "string" ? err.code : undefined;
    const serverMessage = typeof err.message === "string" && err.message ? err.message : res.statusText || `HTTP ${res.status}`;
    const retryAfter = Number(res.headers.get("retry-after"));
    const details: ApiErrorDetails = Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {};
    const message = (code && localizeError?.(code, details)) || serverMessage;
    throw new ApiRequestError(
      res.status,
      message,
      code,
      Array.isArray(err.issues) ? (err.issues as { path: string; message: string }[]) : undefined,
    );
  }
  return parsed as T;
}

export function createApiClient({
  base = "",
  getToken = () => null,
  // Looked up per call, so a page-level fetch stub (stories, tests) reaches module-level clients.
  fetch: doFetch = (input, init) => globalThis.fetch(input, init),
}: ApiClientOptions = {}) {
  async function request<T>(method: ApiMethod, path: string, body?: unknown): Promise<T> {
    const token = getToken();
    const url = `${base}/api${path}`;
    // A GET the page's shell already started with the same token (lib/early-requests.ts) is taken, once.
    const early = method === "GET" ? takeEarlyResponse(url, token ?? null) : undefined;
    return fetchJson<T>(early ? () => early : doFetch, url, { method, body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  }
  return {
    get: <T>(path: string) => request<T>("GET", path),
    post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
    put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body ?? {}),
    delete: <T>(path: string) => request<T>("DELETE", path),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
