import { describe, expect, it } from "vitest";
import { compareDays, dayProblem, dayToIso, isoToDay, tidyDay } from "./day-text";

describe("tidyDay", () => {
  it("puts the slashes and leading zeros in", () => {
    expect(tidyDay("01112026")).toBe("01/11/2026");
    expect(tidyDay("1/11/2026")).toBe("01/11/2026");
    expect(tidyDay(" 5.3.2026 ")).toBe("05/03/2026");
    expect(tidyDay("05-03-2026")).toBe("05/03/2026");
  });
  it("keeps what it cannot read as typed", () => {
    expect(tidyDay("2026-11-01")).toBe("2026-11-01");
    expect(tidyDay("11/2026")).toBe("11/2026");
    expect(tidyDay("")).toBe("");
  });
});

describe("dayProblem", () => {
  it("accepts real days, tidied or not", () => {
    expect(dayProblem("01/11/2026")).toBeNull();
    expect(dayProblem("29/02/2028")).toBeNull();
    expect(dayProblem("1/11/2026")).toBeNull();
  });
  it("tells an impossible day from a wrongly written one", () => {
    expect(dayProblem("31/02/2026")).toBe("impossible");
    expect(dayProblem("29/02/2026")).toBe("impossible");
    expect(dayProblem("12/13/2026")).toBe("impossible");
    expect(dayProblem("2026-11-01")).toBe("format");
    expect(dayProblem("11/2026")).toBe("format");
    expect(dayProblem("  ")).toBe("empty");
  });
});

describe("ISO days", () => {
  it("converts both ways and refuses what is not a day", () => {
    expect(isoToDay("2026-11-05")).toBe("05/11/2026");
    expect(isoToDay("2026-02-30")).toBe("");
    expect(dayToIso("05/11/2026")).toBe("2026-11-05");
    expect(dayToIso("5112026")).toBeNull();
    expect(dayToIso("31/04/2026")).toBeNull();
  });
  it("orders days by the calendar, not by their text", () => {
    expect(compareDays("02/01/2026", "01/02/2026")).toBeLessThan(0);
    expect(compareDays("01/02/2026", "01/02/2026")).toBe(0);
    expect(compareDays("01/01/2027", "31/12/2026")).toBeGreaterThan(0);
  });
});
