import { describe, expect, it } from "vitest";
import { donationAmountProblem } from "./pay-donation";

describe("donation amount typed by a payer", () => {
  it.each<[string, string, string, ReturnType<typeof donationAmountProblem>]>([
    ["the minimum", "0.1", "0.1", undefined],
    ["above the minimum", "25", "0.1", undefined],
    ["with spaces", " 5.5 ", "0.1", undefined],
    ["below the minimum", "0.09", "0.1", "tooSmall"],
    ["zero", "0", "0.1", "tooSmall"],
    ["below a higher minimum", "4.99", "5", "tooSmall"],
    ["empty", "", "0.1", "invalid"],
    ["negative", "-1", "0.1", "invalid"],
    ["a comma", "1,5", "0.1", "invalid"],
    ["too many decimals", "1.0000001", "0.1", "invalid"],
    ["letters", "ten", "0.1", "invalid"],
  ])("%s", (_case, text, minimum, expected) => {
    expect(donationAmountProblem(text, minimum)).toBe(expected);
  });
});
