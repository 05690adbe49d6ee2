import { describe, expect, it } from "vitest";
import type { RefundInstructionDto } from "@/lib/refund";
import { EvmRefundError, evmRefundOf } from "./send-refund";

const REFUND: RefundInstructionDto = {
  refundId: "r1",
  chain: 31337,
  tokenAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  token: "USDC",
  decimals: 6,
  amount: "5000000",
  from: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  sourceTokenAccount: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  destinationTokenAccount: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  reference: "0x0123456789abcdef",
  memo: "zpay-refund:r1",
  proxy: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  via: "proxy",
  route: null,
  mayStillArrive: null,
};

describe("EVM refund sender: what it reads from the server", () => {
  it("takes chain, wallets, token, proxy, amount and reference from the init answer", () => {
    expect(evmRefundOf(REFUND)).toEqual({
      chainId: 31337,
      from: REFUND.from,
      to: REFUND.to,
      token: REFUND.tokenAddress,
      proxy: REFUND.proxy,
      route: null,
      amount: 5_000_000n,
      reference: "0x0123456789abcdef",
    });
  });

  it("refuses an answer that is not an EVM refund: no proxy, no merchant wallet, a Solana address, a bad amount", () => {
    for (const bad of [{ proxy: null }, { from: null }, { to: "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi" }, { amount: "-1" }, { reference: "Ref111" }]) {
      expect(() => evmRefundOf({ ...REFUND, ...bad })).toThrow(EvmRefundError);
    }
  });

  it("a route refund sends the server's route call as is, without the proxy", () => {
    const route = { to: "0xE5cCb34B20b779d1E4f92D6eC4ab44C288906c1A", data: "0x363d6a05" };
    expect(evmRefundOf({ ...REFUND, proxy: null, via: "route", route })).toMatchObject({ proxy: null, route, from: REFUND.from, amount: 5_000_000n });
    // via route without a usable call is not sendable; a route call is ignored unless the server said via route.
    for (const bad of [{ route: null }, { route: { to: "nope", data: "0x00" } }, { route: { ...route, data: "zz" } }]) {
      expect(() => evmRefundOf({ ...REFUND, proxy: null, via: "route", ...bad })).toThrow(EvmRefundError);
    }
    expect(evmRefundOf({ ...REFUND, route })).toMatchObject({ proxy: REFUND.proxy, route: null });
  });
});
