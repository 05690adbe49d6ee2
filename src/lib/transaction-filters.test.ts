import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compareDecimal, defaultFilters, filtersToQuery, parseDay, parseFilters } from "./transaction-filters";

const NOW = new Date("2026-11-24T23:30:00.000Z");
const from = (q: string) => {
  const params = new URLSearchParams(q);
  return (name: string) => params.getAll(name);
};

describe("transaction filters (SPEC §3, §9)", () => {
  it("defaults to hash and order_id, failed/validated/paid and partly paid (spec-notes §9), yesterday through today in the reader's zone", () => {
    expect(defaultFilters(NOW)).toEqual({ filterText: "", filterFields: ["hash", "order_id"], txStatus: ["failed", "validated", "paid", "partly_paid"], timeStart: "23/11/2026", timeEnd: "24/11/2026", minAmount: "", maxAmount: "" });
    // Already the 25th in Paris.
    expect(defaultFilters(NOW, "Europe/Paris")).toMatchObject({ timeStart: "24/11/2026", timeEnd: "25/11/2026" });
  });

  it("reads real dd/MM/yyyy days only", () => {
    expect(parseDay("29/02/2028")).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of ["29/02/2027", "2026-11-24", "1/1/2026", "32/01/2026", "01/01/0999", "01/01/0000", ""]) expect(parseDay(bad), bad).toBeNull();
  });

  it("takes the default range across a month, a year and a leap day", () => {
    expect(defaultFilters(new Date("2026-03-01T12:00:00Z"))).toMatchObject({ timeStart: "28/02/2026", timeEnd: "01/03/2026" });
    expect(defaultFilters(new Date("2028-03-01T12:00:00Z"))).toMatchObject({ timeStart: "29/02/2028", timeEnd: "01/03/2028" });
    // Still 31 December in Los Angeles when it is already the new year in UTC.
    expect(defaultFilters(new Date("2027-01-01T03:00:00Z"), "America/Los_Angeles")).toMatchObject({ timeStart: "30/12/2026", timeEnd: "31/12/2026" });
    expect(defaultFilters(new Date("2027-01-01T03:00:00Z"))).toMatchObject({ timeStart: "31/12/2026", timeEnd: "01/01/2027" });
  });

  it("refuses a year before 1000, which the database would misread", () => {
    const parsed = parseFilters(from("timeStart=01/01/0999"), NOW);
    expect(parsed).toEqual({ ok: false, problems: [{ path: "timeStart", message: "Start date must be a date written dd/MM/yyyy" }] });
  });

  it("takes lists comma-separated or repeated", () => {
    const parsed = parseFilters(from("txStatus=paid&txStatus=failed,initiated&filterFields=name"), NOW);
    expect(parsed).toMatchObject({ ok: true, filters: { txStatus: ["paid", "failed", "initiated"], filterFields: ["name"] } });
  });

  it("round-trips any valid filters through the URL, leaving defaults out", () => {
    expect(filtersToQuery(defaultFilters(NOW), NOW).toString()).toBe("");
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).map((s) => s.trim()),
        fc.subarray(["name", "email", "hash", "order_id"] as const, { minLength: 1 }),
        fc.subarray(["initiated", "paid", "validated", "failed"] as const, { minLength: 1 }),
        fc.integer({ min: 0, max: 10_000 }),
        (filterText, filterFields, txStatus, cents) => {
          const filters = { ...defaultFilters(NOW), filterText, filterFields: [...filterFields], txStatus: [...txStatus], minAmount: (cents / 100).toString() };
          const back = parseFilters(from(filtersToQuery(filters, NOW).toString()), NOW);
          expect(back).toEqual({ ok: true, filters });
        },
      ),
    );
  });

  it("compares decimal texts exactly", () => {
    expect(compareDecimal("1.10", "1.1")).toBe(0);
    expect(compareDecimal("0.000000000000000001", "0")).toBe(1);
    expect(compareDecimal("99", "100.5")).toBe(-1);
  });
});
