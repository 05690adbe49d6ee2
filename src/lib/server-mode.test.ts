import { describe, expect, it } from "vitest";
import { actsAsProduction, isServerMode } from "./server-mode";

describe("server mode", () => {
  it("takes the running server's word over the build's, both ways", () => {
    expect(actsAsProduction("production", false)).toBe(true);
    expect(actsAsProduction("sandbox", true)).toBe(false);
  });

  it("falls back to the build until the server has said", () => {
    expect(actsAsProduction("", true)).toBe(true);
    expect(actsAsProduction(undefined, false)).toBe(false);
  });

  it("accepts only the two modes", () => {
    expect(isServerMode("production")).toBe(true);
    expect(isServerMode("Production")).toBe(false);
    expect(isServerMode(undefined)).toBe(false);
  });
});
