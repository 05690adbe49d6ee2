import { describe, expect, it } from "vitest";
import { referralLink } from "./referral";

describe("referralLink", () => {
  it("is the base address with ?r=", () => {
    expect(referralLink("https://app.zpay.example", "ABCD2345")).toBe("https://app.zpay.example/?r=ABCD2345");
    expect(referralLink("http://localhost:4321", "X Y")).toBe("http://localhost:4321/?r=X+Y");
  });
});
