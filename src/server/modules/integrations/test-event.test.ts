import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import { sessions } from "../../db/schema";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { deliverWebhookEvent } from "../../jobs/webhooks";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;

describe.each(TEST_BACKENDS)("POST /api/integrations/test-event on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let hookUrl: string;
  let closeHook: () => Promise<void>;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", WEBHOOK_ALLOW_LOOPBACK: "true" }));
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/zpay`;
    closeHook = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await closeHook();
    await database.close();
  });

  const call = (method: string, path: string, m?: Pick<Merchant, "auth">, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const deliveries = async (m: Merchant) => (await (await call("GET", "/integrations/deliveries", m)).json()).data.list;

  it("reads the form's fields without the signing secret, each merchant their own, even from an old session", async () => {
    expect((await call("GET", "/integrations/webhook")).status).toBe(401);
    const m = await signInMerchant(app);
    const other = await signInMerchant(app);
    await call("POST", "/integrations", m, { endpoint: "https://shop.example.com/hooks", shopify_store: "s.myshopify.com" });
    // A session older than FRESH_SIGN_IN_MINUTES still reads them (the secret needs a fresh one).
    await database.db.update(sessions).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(sessions.userId, m.id));
    expect((await call("GET", "/integrations", m)).status).toBe(401);
    const res = await call("GET", "/integrations/webhook", m);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ apiHook: "https://shop.example.com/hooks", callback: null, shopify_store: "s.myshopify.com", shopify_secret: null });
    expect((await (await call("GET", "/integrations/webhook", other)).json()).data).toEqual({ apiHook: null, callback: null, shopify_store: null, shopify_secret: null });
  });

  it("answers 401 without a session and 409 without an endpoint", async () => {
    expect((await call("POST", "/integrations/test-event")).status).toBe(401);
    const m = await signInMerchant(app);
    const res = await call("POST", "/integrations/test-event", m);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("no_endpoint");
    expect(await deliveries(m)).toEqual([]);
  });

  it("queues a signed test event that the endpoint receives and the delivery log shows; another merchant sees none of it", async () => {
    const m = await signInMerchant(app);
    const other = await signInMerchant(app);
    await call("POST", "/integrations", m, { endpoint: hookUrl });
    const secret = (await (await call("GET", "/integrations", m)).json()).data.secret;
    const res = await call("POST", "/integrations/test-event", m);
    expect(res.status).toBe(202);
    const { data } = await res.json();
    expect(data).toMatchObject({ type: "test", status: "pending", transaction: null, payload: { type: "test", data: { message: expect.any(String) } } });

    // No queue in this app: the job's work, done here.
    const result = await deliverWebhookEvent({ db: database.db }, data._id, { destination: { allowLoopback: true } });
    expect(result.outcome).toBe("delivered");
    const got = received.at(-1)!;
    expect(got.headers["webhook-id"]).toBe(data._id);
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ type: "test" });

    const [logged] = await deliveries(m);
    expect(logged).toMatchObject({ _id: data._id, type: "test", status: "delivered", log: [{ attempt: 1, statusCode: 204, error: null, manual: false }] });
    expect(await deliveries(other)).toEqual([]);
    // The other merchant cannot redeliver it either.
    expect((await call("POST", `/integrations/deliveries/${data._id}/redeliver`, other)).status).toBe(404);
  });
});
