import { describe, expect, it } from "vitest";
import { ValidationError } from "yup";
import { DONATE_MESSAGES, donateSchema, donationAmountProblem, toDonateInput, type DonateFormValues } from "./donate";
import { zlinkCurrencies } from "./zlink";

const schema = donateSchema({ currencies: zlinkCurrencies("EUR"), exampleHost: "https://shop.example" });
const valid: DonateFormValues = { label: "Support us", desc: "", site: "", currency: "EUR", suggestedAmounts: ["5", "10", "25"] };

async function errors(values: Partial<DonateFormValues>): Promise<Record<string, string>> {
  try {
    await schema.validate({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path, e.message]));
  }
}

describe("donation page validation", () => {
  it("accepts a plain page, with or without description and website", async () => {
    expect(await errors({})).toEqual({});
    expect(await errors({ desc: "For the roof", site: "https://shop.example.com", currency: "USDC", suggestedAmounts: ["0.1", "2.123456"] })).toEqual({});
  });

  it("requires a title, like zLink", async () => {
    expect(await errors({ label: "  " })).toEqual({ label: "Please add button label" });
    expect(await errors({ label: "x".repeat(101) })).toEqual({ label: DONATE_MESSAGES.labelTooLong });
  });

  it("takes the currency from zLink's list", async () => {
    expect(await errors({ currency: "GBP" })).toEqual({ currency: "Choose a currency from the list" });
  });

  it("checks the website like zLink", async () => {
    expect(await errors({ site: "not a url" })).toEqual({ site: "Invalid website url (Ex: https://shop.example)" });
  });

  it("needs 1 to 6 suggested amounts", async () => {
    expect(await errors({ suggestedAmounts: [] })).toEqual({ suggestedAmounts: "Add at least one suggested amount" });
    expect(await errors({ suggestedAmounts: ["1", "2", "3", "4", "5", "6"] })).toEqual({});
    expect(await errors({ suggestedAmounts: ["1", "2", "3", "4", "5", "6", "7"] })).toEqual({ suggestedAmounts: "Suggest at most 6 amounts" });
  });

  it("says what is wrong with each amount", async () => {
    expect(await errors({ suggestedAmounts: ["", "abc", "0.09", "-1", "1000000.01", "1.005"] })).toEqual({
      "suggestedAmounts[0]": "Please add an amount",
      "suggestedAmounts[1]": "Invalid amount",
      "suggestedAmounts[2]": "Amount must be at least 0.1",
      "suggestedAmounts[3]": "Amount must be at least 0.1",
      "suggestedAmounts[4]": "Amount can be at most 1,000,000",
      "suggestedAmounts[5]": "Use at most 2 decimals for EUR",
    });
    expect(await errors({ suggestedAmounts: ["1", "2", "1.00"] })).toEqual({ "suggestedAmounts[2]": "This amount is already suggested" });
    expect(await errors({ currency: "USDC", suggestedAmounts: ["1.0000001"] })).toEqual({ "suggestedAmounts[0]": "Use at most 6 decimals for USDC" });
  });

  it("normalises the amounts and tells fiat from token", () => {
    expect(toDonateInput({ ...valid, label: " Tip ", site: " ", suggestedAmounts: ["05", "2,50", ".5"] })).toEqual({
      label: "Tip",
      desc: "",
      site: null,
      currency: "EUR",
      useFiat: true,
      suggestedAmounts: ["5", "2.5", "0.5"],
    });
    expect(toDonateInput({ ...valid, currency: "USDC" }).useFiat).toBe(false);
  });

  it("checks a payer's amount the same way", () => {
    expect(donationAmountProblem(undefined, "USD")).toBe("amountRequired");
    expect(donationAmountProblem("0.1", "USD")).toBeUndefined();
    expect(donationAmountProblem("0.099", "USDC")).toBe("amountMinimum");
    expect(donationAmountProblem("1000000", "USD")).toBeUndefined();
    expect(donationAmountProblem("1000000.01", "USD")).toBe("amountMaximum");
    expect(donationAmountProblem("0.123", "USD")).toBe("amountDecimals");
    expect(donationAmountProblem("0.123", "USDC")).toBeUndefined();
  });
});
