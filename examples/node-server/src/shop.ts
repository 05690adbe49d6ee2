import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { verifyWebhook, WebhookVerificationError, ZpayError, type WebhookEvent, type Zpay } from "@zpay/node";

/** What the shop knows of an order: its zpay payment and the verified events received for it. */
export interface OrderRecord {
  orderId: string;
  paymentId: string;
  url: string;
  events: string[];
}

const MAX_BODY_BYTES = 64 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * The shop's checkout page: the Web SDK's script tag from zpay, and a pay button for the order
 * once the server has created its payment (the page never sees the secret).
 */
export function checkoutPage(zpayBaseUrl: string): string {
  const script = new URL("/sdk/zpay.js", zpayBaseUrl).href;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Example shop</title>
  <script src="${script}" defer></script>
  <style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; }</style>
</head>
<body>
  <h1>Coffee beans, 1 kg</h1>
  <p>$12.50</p>
  <div id="pay"></div>
  <script>
    addEventListener("DOMContentLoaded", async () => {
      const order = new URLSearchParams(location.search).get("order") || "A-" + Date.now();
      const res = await fetch("/checkout", { method: "POST", body: JSON.stringify({ orderId: order, amount: "12.50", currency: "USD" }) });
      const { url } = await res.json();
      Zpay.mountPayButton(document.getElementById("pay"), { url, label: "Pay $12.50 with zpay" });
    });
  </script>
</body>
</html>`;
}

const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/**
 * A shop's server, the smallest that uses zpay correctly:
 * - `POST /checkout` `{ orderId, amount, currency }` creates the order's payment with the order id
 *   as the Idempotency-Key (a double click or a retry never makes two) and answers its pay URL;
 * - `POST /zpay/webhook` verifies the signature on the raw body before believing anything;
 * - `GET /orders/<orderId>` shows what the shop recorded;
 * - `GET /?order=<orderId>` is a checkout page with the Web SDK's pay button.
 * Orders live in memory: a real shop keeps them in its database.
 */
export interface ShopOptions {
  zpay: Zpay;
  secret: string;
  /** Where zpay runs: the checkout page loads the Web SDK's script from it. */
  zpayBaseUrl: string;
  log?: (line: string) => void;
}

/** The shop as a Node server. */
export const createShop = (options: ShopOptions) => createServer(shopHandler(options));

/** The shop's request handler, for a server of your own (the React example's test mounts it beside its page). */
export function shopHandler(options: ShopOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const orders = new Map<string, OrderRecord>();
  const byPayment = new Map<string, OrderRecord>();
  const log = options.log ?? (() => {});

  async function checkout(req: IncomingMessage, res: ServerResponse) {
    const { orderId, amount, currency } = JSON.parse((await readBody(req)).toString("utf8")) as { orderId: string; amount: string; currency: string };
    try {
      const payment = await options.zpay.payments.create({ amount, currency, orderId }, { idempotencyKey: `order-${orderId}` });
      const record = orders.get(orderId) ?? { orderId, paymentId: payment.id, url: payment.url, events: [] };
      orders.set(orderId, record);
      byPayment.set(payment.id, record);
      log(`checkout ${orderId}: payment ${payment.id}${payment.replayed ? " (replayed)" : ""}`);
      send(res, 200, { paymentId: payment.id, url: payment.url, replayed: payment.replayed });
    } catch (err) {
      if (!(err instanceof ZpayError)) throw err;
      send(res, err.status === 400 || err.status === 422 ? 400 : 502, { code: err.code, message: err.message, issues: err.issues });
    }
  }

  async function webhook(req: IncomingMessage, res: ServerResponse) {
    let event: WebhookEvent;
    try {
      event = verifyWebhook(options.secret, await readBody(req), req.headers);
    } catch (err) {
      if (!(err instanceof WebhookVerificationError)) throw err;
      log(`webhook refused: ${err.message}`);
      return send(res, 400, { error: err.message });
    }
    // A zAPI payment's events name it in data.product; other products' events are not this shop's.
    const record = event.data.product ? byPayment.get(event.data.product) : undefined;
    if (record && !record.events.includes(event.type)) record.events.push(event.type);
    log(`webhook ${event.type} for ${event.data.product ?? "?"}${record ? ` (order ${record.orderId})` : ""}`);
    send(res, 200, { received: true });
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://shop");
    if (req.method === "POST" && url.pathname === "/checkout") return checkout(req, res);
    if (req.method === "POST" && url.pathname === "/zpay/webhook") return webhook(req, res);
    if (req.method === "GET" && url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(checkoutPage(options.zpayBaseUrl));
      return;
    }
    if (req.method === "GET" && url.pathname.startsWith("/orders/")) {
      const record = orders.get(decodeURIComponent(url.pathname.slice("/orders/".length)));
      return record ? send(res, 200, record) : send(res, 404, { error: "no such order" });
    }
    send(res, 404, { error: "not found" });
  }

  return (req, res) => {
    route(req, res).catch((err: unknown) => {
      log(`error: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) send(res, 500, { error: "internal error" });
    });
  };
}
