import { describe, expect, it } from "vitest";
import { currencyName, currencyOptionLabel } from "./currency-names";

describe("currencyName", () => {
  it("names a currency in the reader's language", () => {
    expect(currencyName("USD", "en")).toBe("US Dollar");
    expect(currencyName("USD", "fr")).toBe("dollar des États-Unis");
    expect(currencyName("eur", "fr")).toBe("euro");
  });

  it("keeps the name given, else the code, for what Intl does not know", () => {
    expect(currencyName("USDC", "fr", "USD Coin")).toBe("USD Coin");
    expect(currencyName("USDC", "fr")).toBe("USDC");
    expect(currencyName("not a code", "fr", "Given")).toBe("Given");
  });
});

describe("currencyOptionLabel", () => {
  it("puts the reader's name beside the code", () => {
    expect(currencyOptionLabel("EUR", "fr")).toBe("EUR — euro");
    expect(currencyOptionLabel("USD", "fr")).toBe("USD — dollar des États-Unis");
    expect(currencyOptionLabel("USD", "en")).toBe("USD — US Dollar");
  });

  it("keeps a code Intl does not name alone", () => {
    expect(currencyOptionLabel("USDC", "fr")).toBe("USDC");
  });
});
