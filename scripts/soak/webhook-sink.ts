import http from "node:http";

export interface WebhookSink {
  url: string;
  /** Receipts per `webhook-id` (a count above 1 is a duplicate delivery). */
  receipts: Map<string, number>;
  /** Up: answers 200 to every post; down: 503 (the endpoint is failing). */
  setUp(up: boolean): void;
  close(): Promise<void>;
}

/** The merchant's webhook endpoint: counts every delivery by its `webhook-id`; can fail on command. */
export async function startWebhookSink(): Promise<WebhookSink> {
  let up = true;
  const receipts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (!up) {
        res.writeHead(503).end("down");
        return;
      }
      const id = String(req.headers["webhook-id"] ?? "");
      receipts.set(id, (receipts.get(id) ?? 0) + 1);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    receipts,
    setUp: (value) => {
      up = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
