import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts a canonical UUID of any version, in either case", () => {
    expect(isUuid("0b8f4a8e-3c1d-4e6f-9a2b-7c5d1e0f3a4b")).toBe(true);
    expect(isUuid("0B8F4A8E-3C1D-4E6F-9A2B-7C5D1E0F3A4B")).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
  });

  it("refuses anything a query must not see: other shapes, padding, a trailing newline", () => {
    for (const bad of ["", "not-a-uuid", "0b8f4a8e3c1d4e6f9a2b7c5d1e0f3a4b", "0b8f4a8e-3c1d-4e6f-9a2b-7c5d1e0f3a4", " 0b8f4a8e-3c1d-4e6f-9a2b-7c5d1e0f3a4b", "0b8f4a8e-3c1d-4e6f-9a2b-7c5d1e0f3a4b\n", "0b8f4a8e-3c1d-4e6f-9a2b-7c5d1e0f3a4g", "1' or '1'='1"]) {
      expect(isUuid(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
