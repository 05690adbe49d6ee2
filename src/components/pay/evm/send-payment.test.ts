import { describe, expect, it } from "vitest";
import { BaseError, UserRejectedRequestError } from "viem";
import { InsufficientBalanceError } from "../payment-sender";
import { evmPaymentInfoFor, MULTI_CHAIN_PRODUCT, paymentInfoFor, USDC_PRODUCT } from "../testing/fake-pay";
import { asWalletError, EvmWalletError, evmPaymentOf, TOKEN_PAYMENT_GAS } from "./send-payment";

describe("EVM payment sender: what it reads from the server", () => {
  it("takes token, merchant, proxy, amount and reference from the start answer", () => {
    const info = evmPaymentInfoFor(MULTI_CHAIN_PRODUCT, 31338);
    expect(evmPaymentOf(info)).toEqual({ chainId: 31338, token: info.tokenAddress, recipient: info.recipient, proxy: info.proxy, amount: 25_000_000n, reference: "0x1a2b3c4d5e6f7081" });
  });

  it("refuses an answer that is not an EVM payment (no proxy, a Solana answer, a bad amount)", () => {
    const info = evmPaymentInfoFor(MULTI_CHAIN_PRODUCT);
    expect(() => evmPaymentOf({ ...info, proxy: undefined as unknown as string })).toThrow(/not an EVM payment/);
    expect(() => evmPaymentOf(paymentInfoFor(USDC_PRODUCT))).toThrow(/not an EVM payment/);
    expect(() => evmPaymentOf({ ...info, amountWei: "-1" })).toThrow(/not an EVM payment/);
  });

  it("uses SPEC §9's token gas limit for the payment call", () => {
    expect(TOKEN_PAYMENT_GAS).toBe(100_000n);
  });
});

describe("EVM payment sender: errors", () => {
  it("turns viem's long messages into the wallet's words and keeps its kind", () => {
    const err = asWalletError(new UserRejectedRequestError(new BaseError("x", { details: "User denied transaction signature." })));
    expect(err).toBeInstanceOf(EvmWalletError);
    expect(err.message).toBe("User denied transaction signature.");
    expect((err as EvmWalletError).kind).toBe("rejected");
  });

  it("passes its own errors through unchanged (the flow reads a balance notice from them)", () => {
    const balance = new InsufficientBalanceError("token", 1n, 2n);
    expect(asWalletError(balance)).toBe(balance);
  });
});
