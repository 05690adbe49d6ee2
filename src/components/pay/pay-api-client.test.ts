import { describe, expect, expectTypeOf, it, vi } from "vitest";
import type { z } from "@hono/zod-openapi";
import { ApiRequestError } from "@/lib/api-client";
import type { FaucetGrant, FaucetRequest, PayChainConfig, StartPaymentRequest } from "@/lib/pay-api";
import type { ChainConfig } from "@/server/modules/chains/config";
import type { FaucetGrant as ServerFaucetGrant, grantFromFaucet } from "@/server/modules/faucet/service";
import type { StartPaymentBody } from "@/server/modules/pay/dto";
import { createPayApi } from "./pay-api-client";

function recorder(status = 200, body: unknown = { data: { ok: true } }) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, statusText: status === 502 ? "Bad Gateway" : "" });
  });
  return { calls, api: createPayApi({ fetch: fetch as typeof globalThis.fetch }) };
}

describe("PayApi over fetch", () => {
  it("calls the payer routes of the payments origin and unwraps data", async () => {
    const { calls, api } = recorder();
    await expect(api.getProduct("a/b")).resolves.toEqual({ ok: true });
    await api.checkSanction({ wallet: "W", payment: "p", type: "quick-pay", chain: -5001 }, "s 1");
    await api.start("p", { chainId: -5001, token: "USDC", payer: "W", sessionId: "s" });
    await api.progress("pay_1");
    await api.faucet({ chain: -5001, address: "W", token: "USDC" });
    await api.getConfig();
    expect(calls).toEqual([
      { url: "/api/pay/a%2Fb", method: "GET", body: undefined },
      { url: "/v2/wallet-sanction-status?sessionId=s%201", method: "POST", body: { wallet: "W", payment: "p", type: "quick-pay", chain: -5001 } },
      { url: "/api/pay/p/start", method: "POST", body: { chainId: -5001, token: "USDC", payer: "W", sessionId: "s" } },
      { url: "/api/pay/transactions/pay_1", method: "GET", body: undefined },
      { url: "/api/sandbox/faucet", method: "POST", body: { chain: -5001, address: "W", token: "USDC" } },
      { url: "/api/config", method: "GET", body: undefined },
    ]);
  });

  it("rejects with the server's message and code (SPEC §8), else the status text", async () => {
    const err = await recorder(404, { message: "Payment link not found", code: "not_found" }).api.getProduct("x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 404, message: "Payment link not found", code: "not_found" });
    await expect(recorder(502, "<html>").api.progress("x")).rejects.toMatchObject({ status: 502, message: "Bad Gateway" });
  });

  it("reports a network failure and an answer without data", async () => {
    const offline = createPayApi({ fetch: (async () => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch });
    await expect(offline.getConfig()).rejects.toMatchObject({ status: 0, code: "network" });
    await expect(recorder(200, {}).api.getConfig()).rejects.toMatchObject({ code: "empty" });
  });
});

// Compile-time only (tsc fails, not vitest): the client's wire types against the server's. The pay
// module's response schemas `satisfies` the same types in src/server/modules/pay/dto.ts.
describe("PayApi wire types", () => {
  it("send what the server's schemas accept and read what the server's types answer", () => {
    expectTypeOf<StartPaymentRequest>().toExtend<z.input<typeof StartPaymentBody>>();
    expectTypeOf<keyof FaucetRequest>().toEqualTypeOf<keyof Parameters<typeof grantFromFaucet>[1]>();
    expectTypeOf<ServerFaucetGrant>().toExtend<FaucetGrant>();
    expectTypeOf<ChainConfig>().toExtend<PayChainConfig>();
  });
});
