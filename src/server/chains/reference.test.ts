import { describe, expect, it } from "vitest";
import { PublicKey } from "@solana/web3.js";
import { newEvmReference, newSolanaReference } from "./reference";

describe("payment references", () => {
  it("a Solana reference is a fresh on-curve public key (a wallet adds it as an account)", () => {
    const refs = Array.from({ length: 50 }, () => newSolanaReference());
    expect(new Set(refs).size).toBe(50);
    for (const ref of refs) expect(PublicKey.isOnCurve(new PublicKey(ref).toBytes())).toBe(true);
  });

  it("an EVM reference is 8 random bytes as 0x-hex", () => {
    const refs = Array.from({ length: 50 }, () => newEvmReference());
    expect(new Set(refs).size).toBe(50);
    for (const ref of refs) expect(ref).toMatch(/^0x[0-9a-f]{16}$/);
  });
});
