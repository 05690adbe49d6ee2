import { describe, expect, it } from "vitest";
import { formatWait } from "./wait";

describe("formatWait", () => {
  it("says at least a minute, minutes under an hour, then hours and minutes", () => {
    expect(formatWait(0)).toBe("1 min");
    expect(formatWait(61)).toBe("2 min");
    expect(formatWait(3600)).toBe("1 h");
    expect(formatWait(3600 * 23 + 59 * 60 + 30)).toBe("24 h");
    expect(formatWait(3600 * 3 + 20 * 60)).toBe("3 h 20 min");
    expect(formatWait(3600 * 3 + 20 * 60, "fr")).toBe("3\u00a0h 20\u00a0min");
  });
});
