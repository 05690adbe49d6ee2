import { describe, expect, it } from "vitest";
import enRefunds from "../../public/assets/translations/en/refunds.json";
import frRefunds from "../../public/assets/translations/fr/refunds.json";
import { REFUND_MESSAGES } from "@/lib/refund";
import { NAMESPACES } from "./config";

describe("refunds translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("refunds");
    expect(Object.keys(frRefunds).sort()).toEqual(Object.keys(enRefunds).sort());
  });

  it("carry SPEC §8 texts", () => {
    expect(enRefunds.requested).toBe("Refund requested");
    expect(enRefunds.notFound).toBe(REFUND_MESSAGES.notFound);
    expect(enRefunds.failed).toBe("Something went wrong");
  });
});
