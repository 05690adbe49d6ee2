import { describe, expect, it } from "vitest";
import { isSessionLive, pageTitle } from "./access";

describe("access rules", () => {
  const now = Date.parse("2026-11-22T10:00:00Z");

  it.each([
    [null, false],
    [{ token: "", validTill: "2026-11-23T00:00:00Z" }, false],
    [{ token: "t", validTill: "2026-11-22T09:59:59Z" }, false],
    [{ token: "t", validTill: "2026-11-22T10:00:00Z" }, false],
    [{ token: "t", validTill: "not a date" }, false],
    [{ token: "t", validTill: "2026-11-22T10:00:01Z" }, true],
  ])("session %j is live: %s", (session, live) => expect(isSessionLive(session, now)).toBe(live));

  it("titles pages '{page} - {brand}'", () => expect(pageTitle("overview", "zPay")).toBe("overview - zPay"));
});
