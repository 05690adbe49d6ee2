import { describe, expect, it } from "vitest";
import { billingCsv } from "./billing";

describe("billing.csv", () => {
  it("csv injection: a merchant e-mail starting with = or + is written as text, not a formula", async () => {
    const row = (email: string) => ({ month: "2026-10", merchant: { _id: "m1", publicKey: "A3nd", email }, count: 1, volume: "10" });
    const text = await new Response(billingCsv([row('=HYPERLINK("http://evil.example","x")@a.example'), row("+1@a.example"), row("ok@a.example")])).text();
    const lines = text.trim().split("\n");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")@a.example"`);
    expect(lines[2]).toContain(",'+1@a.example,");
    expect(lines[3]).toContain(",ok@a.example,");
  });
});
