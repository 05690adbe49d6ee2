import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { resolveDestination, type DestinationOptions, type ResolvedAddress } from "./resolve-destination";

export interface PinnedPostOptions {
  headers: Record<string, string>;
  body: string;
  /** The whole attempt (resolve, connect, send, answer) must fit in this. */
  timeoutMs: number;
  /** Reply bytes read at most before the connection is dropped. */
  maxReplyBytes: number;
  destination?: DestinationOptions;
  /** Aborts the attempt early (the process is shutting down): rejects with PostAbortedError. */
  stop?: AbortSignal;
}

/** The attempt ran out of time before the receiver answered. */
export class PostTimeoutError extends Error {
  constructor() {
    super("timeout");
    this.name = "PostTimeoutError";
  }
}

/** The attempt was cut short by `stop` (shutdown) before the receiver answered. */
export class PostAbortedError extends Error {
  constructor() {
    super("aborted");
    this.name = "PostAbortedError";
  }
}

/** Connects to `address` whatever name the socket asks for: the check and the connection see one address. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * POSTs to a URL that has just passed the address policy, on a connection pinned to the address
 * that was checked, so a DNS answer that changes between check and connect (rebinding) cannot
 * redirect it. Redirects are not followed. Only the status code comes back: the reply body is
 * read up to `maxReplyBytes` (so a receiver can finish cleanly) and thrown away, never shown.
 * @throws {DestinationRefusedError | DestinationUnresolvedError} before anything is sent.
 * @throws {PostTimeoutError} when no answer came in time.
 * @throws {PostAbortedError} when `stop` fired before an answer came.
 * @throws {Error} a network error (its `code`, e.g. ECONNREFUSED).
 */
export async function pinnedPost(url: URL, options: PinnedPostOptions): Promise<{ statusCode: number }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.stop ? AbortSignal.any([timeout, options.stop]) : timeout;
  const cutShort = () => (options.stop?.aborted ? new PostAbortedError() : new PostTimeoutError());
  if (signal.aborted) throw cutShort();
  const timedOut = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(cutShort()), { once: true }));
  timedOut.catch(() => {});
  const target = await Promise.race([resolveDestination(url, options.destination), timedOut]);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "POST",
      headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
      lookup: pinnedLookup(target),
      // A fresh connection per attempt: a pooled socket could be one pinned for another host.
      agent: false,
    });
    const abort = () => {
      req.destroy();
      reject(cutShort());
    };
    signal.addEventListener("abort", abort, { once: true });
    req.on("error", (err) => {
      signal.removeEventListener("abort", abort);
      reject(err);
    });
    req.on("response", (res) => {
      signal.removeEventListener("abort", abort);
      const statusCode = res.statusCode ?? 0;
      let read = 0;
      const done = () => {
        res.destroy();
        resolve({ statusCode });
      };
      // Out of time while reading the reply: the receiver did answer, keep its status.
      signal.addEventListener("abort", done, { once: true });
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= options.maxReplyBytes) done();
      });
      res.on("end", done);
      res.on("error", done);
      res.on("close", () => signal.removeEventListener("abort", done));
    });
    req.end(options.body);
  });
}
