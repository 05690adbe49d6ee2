import { describe, expect, it } from "vitest";
import { buildRampUrl } from "./zramp";

describe("zRamp address", () => {
  const wallet = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

  it("adds apiKey (account id), networks=solana and wallets (the Solana address) to the provider's base", () => {
    const url = new URL(buildRampUrl("https://ramp.example/buy", { accountId: "acc-1", solanaAddress: wallet }));
    expect(url.origin + url.pathname).toBe("https://ramp.example/buy");
    expect(Object.fromEntries(url.searchParams)).toEqual({ apiKey: "acc-1", networks: "solana", wallets: wallet });
  });

  it("keeps the base's own parameters, and ours win over same-named ones", () => {
    const url = new URL(buildRampUrl("https://ramp.example/?theme=dark&apiKey=forged", { accountId: "acc-1", solanaAddress: wallet }));
    expect(url.searchParams.get("theme")).toBe("dark");
    expect(url.searchParams.getAll("apiKey")).toEqual(["acc-1"]);
  });

  it("encodes what it adds", () => {
    const url = buildRampUrl("https://ramp.example/", { accountId: "a&b=c", solanaAddress: wallet });
    expect(new URL(url).searchParams.get("apiKey")).toBe("a&b=c");
    expect(url).not.toContain("a&b=c");
  });
});
