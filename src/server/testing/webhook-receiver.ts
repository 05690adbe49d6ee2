import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (epoch ms, comparable with database timestamps), for latency figures. */
  at: number;
}

/**
 * A local webhook receiver for tests and the bench: answers each request with the next status of
 * `statuses` (then the last one), or what the function says ("hang" never answers).
 */
export async function webhookReceiver(statuses: number[] | (() => number | "hang") = [200]) {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      requests.push({ headers: req.headers, body, at: Date.now() });
      const status = typeof statuses === "function" ? statuses() : (statuses[requests.length - 1] ?? statuses.at(-1)!);
      if (status === "hang") return;
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "receiver says no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** Polls `probe` every 50 ms until it answers something other than undefined. */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
