import { randomBytes } from "node:crypto";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { base58 } from "./base58";

describe("base58", () => {
  it("matches bs58 on keys, signatures, leading zeros and empty input", () => {
    const samples = [new Uint8Array(0), new Uint8Array(32), Uint8Array.from([0, 0, 1]), Uint8Array.from([255]), ...Array.from({ length: 200 }, (_, i) => randomBytes(i % 3 === 0 ? 64 : 32))];
    samples.push(Uint8Array.from([0, ...randomBytes(31)]));
    for (const bytes of samples) expect(base58(bytes)).toBe(bs58.encode(bytes));
  });
});
