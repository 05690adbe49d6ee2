import { describe, expect, it } from "vitest";
import { DATE_FORMATS, calendarDate, fromIsoDay, plusDays, readDate, readIsoDate, writeDate } from "./dates";

const { filterDay, invoiceDay, isoDay, month, isoMonth } = DATE_FORMATS;

describe("readDate: a typed fixed format, strictly", () => {
  it.each([
    ["05/11/2026", filterDay, "2026-11-05"],
    ["29/02/2024", filterDay, "2024-02-29"],
    ["31/12/1999", filterDay, "1999-12-31"],
    ["01/01/1000", filterDay, "1000-01-01"],
    ["31/12/9999", filterDay, "9999-12-31"],
    ["2026/11/05", invoiceDay, "2026-11-05"],
    ["11/2026", month, "2026-11-01"],
  ] as const)("%s as %s is %s", (text, format, iso) => {
    const date = readDate(text, format);
    expect(date && writeDate(date, isoDay)).toBe(iso);
  });

  it.each([
    ["31/02/2026", filterDay, "not in the calendar"],
    ["29/02/2025", filterDay, "not a leap year"],
    ["00/01/2026", filterDay, "day 0"],
    ["01/13/2026", filterDay, "month 13"],
    ["1/2/2026", filterDay, "digits left out"],
    ["01/02/26", filterDay, "a two-digit year"],
    ["01/02/02026", filterDay, "a five-digit year"],
    ["01/02/0999", filterDay, "a year before 1000"],
    ["01/01/0000", filterDay, "year 0"],
    ["01-02-2026", filterDay, "another separator"],
    [" 01/02/2026", filterDay, "a space"],
    ["01/02/2026 ", filterDay, "a trailing space"],
    ["2026-11-05", filterDay, "the ISO form"],
    ["11/05/2026x", filterDay, "more after it"],
    ["", filterDay, "nothing"],
    ["2026/02/30", invoiceDay, "not in the calendar"],
    ["05/11/2026", invoiceDay, "the other order"],
    ["13/2026", month, "month 13"],
    ["1/2026", month, "digits left out"],
    ["11/0999", month, "a year before 1000"],
  ] as const)("refuses %s as %s (%s)", (text, format, _why) => {
    expect(readDate(text, format)).toBeNull();
  });
});

describe("readIsoDate: the APIs' days and months, strictly", () => {
  it.each([
    ["2026-11-05", isoDay, "05/11/2026"],
    ["2024-02-29", isoDay, "29/02/2024"],
    ["2026-11", isoMonth, "01/11/2026"],
  ] as const)("%s as %s", (text, format, day) => {
    const date = readIsoDate(text, format);
    expect(date && writeDate(date, filterDay)).toBe(day);
  });

  it.each(["2026-02-31", "2025-02-29", "2026-11-5", "2026-11-05T10:00", "2026-11-05Z", "20261105", "2026-W45-4", "2026-11", "26-11-05", "0999-11-05", "0000-01-01", "10000-01-01", ""])("refuses %j as a day", (text) => {
    expect(readIsoDate(text)).toBeNull();
  });

  it.each(["2026-13", "2026-1", "2026-11-05", "202611", ""])("refuses %j as a month", (text) => {
    expect(readIsoDate(text, isoMonth)).toBeNull();
  });
});

describe("writing and moving days", () => {
  it.each([
    ["2026-11-05", filterDay, "05/11/2026"],
    ["2026-11-05", invoiceDay, "2026/11/05"],
    ["2026-11-05", month, "11/2026"],
    ["2026-11-05", isoMonth, "2026-11"],
    ["2026-02-31", invoiceDay, null],
    ["not a day", filterDay, null],
  ] as const)("fromIsoDay(%s, %s) is %s", (iso, format, text) => {
    expect(fromIsoDay(iso, format)).toBe(text);
  });

  it.each([
    [2026, 3, 1, -1, "28/02/2026"],
    [2024, 3, 1, -1, "29/02/2024"],
    [2026, 1, 1, -1, "31/12/2025"],
    [2026, 12, 31, 1, "01/01/2027"],
    [2026, 11, 5, 0, "05/11/2026"],
    [1000, 1, 2, -1, "01/01/1000"],
  ])("%i-%i-%i plus %i days is %s", (y, m, d, days, text) => {
    expect(writeDate(plusDays(calendarDate(y, m, d), days), filterDay)).toBe(text);
  });

  it("keeps the day where a clock change skips local midnight", () => {
    // Chile moves its clocks from 00:00 to 01:00 on 6 September 2026: that day has no midnight.
    const zone = process.env.TZ;
    process.env.TZ = "America/Santiago";
    try {
      expect(new Date(2026, 8, 6).getHours()).toBe(1);
      const day = readDate("06/09/2026", filterDay);
      expect(day && writeDate(day, isoDay)).toBe("2026-09-06");
      expect(writeDate(plusDays(calendarDate(2026, 9, 5), 1), filterDay)).toBe("06/09/2026");
      expect(writeDate(plusDays(calendarDate(2026, 9, 6), -1), filterDay)).toBe("05/09/2026");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
