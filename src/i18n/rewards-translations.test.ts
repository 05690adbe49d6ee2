import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/rewards.json";
import fr from "../../public/assets/translations/fr/rewards.json";
import { NAMESPACES } from "./config";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("rewards (points and referral) translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("rewards");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it("carry the SPEC texts verbatim in English", () => {
    expect(en.points.earned).toBe("Points Earned");
    expect(en.points.program.title).toBe("Points Program");
    expect(en.points.referral.title).toBe("Referral Points");
    expect(en.referral.empty).toBe("No referrals yet? Share your link and start earning rewards!");
  });
});
