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

const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/**
 * A shop's server, the smallest that uses zpay correctly:
 * - `POST /checkout` `{ orderId, amount, currency }` creates the order's payment with the order id
 *   as the Idempotency-Key (a double click or a retry never makes two) and answers its pay URL;
 * - `POST /zpay/webhook` verifies the signature on the raw body before believing anything;
 * - `GET /orders/<orderId>` shows what the shop recorded.
 * Orders live in memory: a real shop keeps them in its database.
 */
export function createShop(options: { zpay: Zpay; secret: string; log?: (line: string) => void }) {
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

  return createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://shop");
    const route =
      req.method === "POST" && url.pathname === "/checkout"
        ? checkout(req, res)
        : req.method === "POST" && url.pathname === "/zpay/webhook"
          ? webhook(req, res)
          : req.method === "GET" && url.pathname.startsWith("/orders/")
            ? Promise.resolve(
                ((record) => (record ? send(res, 200, record) : send(res, 404, { error: "no such order" })))(orders.get(decodeURIComponent(url.pathname.slice("/orders/".length)))),
              )
            : Promise.resolve(send(res, 404, { error: "not found" }));
    route.catch((err: unknown) => {
      log(`error: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) send(res, 500, { error: "internal error" });
    });
  });
}
