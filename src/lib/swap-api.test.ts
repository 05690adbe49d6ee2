import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SWAP_FAILURES, SWAP_FAILURE_MESSAGES, swapFailureOf } from "./swap-api";

describe("swapFailureOf", () => {
  it("names an expired quote, a slippage failure and a short balance from the node's or wallet's words", () => {
    expect(swapFailureOf("failed to send transaction: Transaction simulation failed: Blockhash not found")).toBe(SWAP_FAILURES.quoteExpired);
    expect(swapFailureOf("TransactionExpiredBlockheightExceededError: Signature abc has expired: block height exceeded.")).toBe(SWAP_FAILURES.quoteExpired);
    expect(swapFailureOf('{"InstructionError":[2,{"Custom":6001}]}')).toBe(SWAP_FAILURES.slippageExceeded);
    expect(swapFailureOf("Program JUP6 failed: custom program error: 0x1771")).toBe(SWAP_FAILURES.slippageExceeded);
    expect(swapFailureOf("Transfer: insufficient lamports 100, need 83333334")).toBe(SWAP_FAILURES.insufficientBalance);
    expect(swapFailureOf('{"InstructionError":[0,{"Custom":1}]}')).toBe(SWAP_FAILURES.insufficientBalance);
    expect(swapFailureOf("User rejected the request.")).toBeUndefined();
  });

  it("has words for every failure in English (the server's, also in the bundle) and French", () => {
    const codes = (lng: string) => (JSON.parse(fs.readFileSync(`public/assets/translations/${lng}/errors.json`, "utf8")) as { codes: Record<string, string> }).codes;
    const [en, fr] = [codes("en"), codes("fr")];
    for (const code of Object.values(SWAP_FAILURES)) {
      expect(en[code]).toBe(SWAP_FAILURE_MESSAGES[code]);
      expect(fr[code]).toMatch(/\p{L}/u);
      expect(fr[code]).not.toBe(en[code]);
    }
  });
});
