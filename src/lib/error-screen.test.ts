import { describe, expect, it } from "vitest";
import { errorScreenKind } from "./error-screen";

describe("errorScreenKind", () => {
  it.each([
    [500, "internal"],
    [404, "notFound"],
    [403, "generic"],
    [502, "generic"],
    [undefined, "generic"],
  ] as const)("status %s shows the %s screen", (status, kind) => {
    expect(errorScreenKind(status)).toBe(kind);
  });
});
