import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair } from "@solana/web3.js";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { merchantWithLink, startPayFixture, type PayFixture } from "../../testing/pay-fixture";
import { CHAIN_UNAVAILABLE } from "./start";

/** A loopback port nothing listens on any more: every RPC call to it is refused at once. */
async function refusingRpcUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Pay starts while the Solana RPC is down: an answer the pay page can act on, never a 500 or a half-written payment. */
describe.each(TEST_BACKENDS)("pay start during a chain outage (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  let realRpc: string;
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database);
    realRpc = f.deps.chains.solana!.rpcUrl;
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  /** Runs `fn` with the start path's RPC refusing every call (the watcher keeps the real one). */
  const withRpcDown = async (fn: () => Promise<void>) => {
    f.deps.chains.solana!.rpcUrl = await refusingRpcUrl();
    try {
      await fn();
    } finally {
      f.deps.chains.solana!.rpcUrl = realRpc;
    }
  };
  const start = async (linkId: string, payer?: string) => {
    const res = await f.payments.request(`/api/pay/${linkId}/start`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chainId: -5001, token: "USDC", sessionId: `session-${crypto.randomUUID()}`, ...(payer ? { payer } : {}) }),
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  };
  const rowsOf = async (productId: string) => (await database.db.select().from(transactions).where(eq(transactions.productId, productId))).length;

  it("a start while the RPC is refused answers 503 with Retry-After and writes nothing", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withRpcDown(async () => {
      const answer = await start(link.hashedId); // a QR start: the merchant's token account must be known to exist
      expect(answer).toMatchObject({ status: 503, body: { code: "chain_unavailable", message: CHAIN_UNAVAILABLE } });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    });
    expect(await rowsOf(link._id)).toBe(0);
  });

  it("a wallet start while the RPC is refused still starts: the payer's transaction opens the token account idempotently", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    await withRpcDown(async () => {
      const answer = await start(link.hashedId, Keypair.generate().publicKey.toBase58());
      expect(answer).toMatchObject({ status: 200, body: { data: { createRecipientAccount: true } } });
    });
    expect(await rowsOf(link._id)).toBe(1);
  });

  it("once the merchant's token account was seen, starts make no chain call: a QR start goes on through an outage", async () => {
    const { link } = await merchantWithLink(f, { label: "Tea", price: "10", currency: "USDC" });
    expect((await start(link.hashedId)).status).toBe(200);
    await withRpcDown(async () => {
      const answer = await start(link.hashedId);
      expect(answer.status).toBe(200);
      expect(answer.body.data.createRecipientAccount).toBeUndefined();
    });
    expect(await rowsOf(link._id)).toBe(2);
  });
});
