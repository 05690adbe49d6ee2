import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ValidationError } from "yup";
import {
  ZLINK_MESSAGES,
  embedSnippet,
  formatPrice,
  hostedPayLink,
  isBelowMinimum,
  isWebsiteUrl,
  parsePriceText,
  shareUrl,
  showsRowMenu,
  toZLinkInput,
  zlinkCurrencies,
  zlinkSchema,
  type ZLinkFormValues,
} from "./zlink";

const schema = zlinkSchema({ currencies: zlinkCurrencies("USD"), exampleHost: "https://shop.example" });
const valid: ZLinkFormValues = { label: "Pay Now", desc: "", site: "", price: "12.5", currency: "USD" };

/** Every message the schema gives for `values`, by field. */
async function errors(values: Partial<ZLinkFormValues>): Promise<Record<string, string>> {
  try {
    await schema.validate({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path, e.message]));
  }
}

describe("zLink validation (SPEC §5)", () => {
  it("accepts a plain link", async () => {
    expect(await errors({})).toEqual({});
  });

  it("requires a label", async () => {
    expect(await errors({ label: "" })).toEqual({ label: "Please add button label" });
    expect(await errors({ label: "   " })).toEqual({ label: "Please add button label" });
    expect(await errors({ label: "x".repeat(101) })).toEqual({ label: ZLINK_MESSAGES.labelTooLong });
  });

  it("requires a price that is a number and not negative", async () => {
    expect(await errors({ price: "" })).toEqual({ price: "Please add amount for quick payment" });
    expect(await errors({ price: "abc" })).toEqual({ price: "Invalid price" });
    expect(await errors({ price: "1.2.3" })).toEqual({ price: "Invalid price" });
    expect(await errors({ price: "-3" })).toEqual({ price: "Price cannot be less than zero" });
  });

  it("keeps fiat prices to cents and USDC to 6 decimals", async () => {
    expect(await errors({ price: "1.234" })).toEqual({ price: "Use at most 2 decimals for USD" });
    expect(await errors({ price: "1.234", currency: "USDC" })).toEqual({});
    expect(await errors({ price: "1.1234567", currency: "USDC" })).toEqual({ price: "Use at most 6 decimals for USDC" });
    expect(await errors({ price: "1000000000.01" })).toEqual({ price: ZLINK_MESSAGES.priceTooLarge });
  });

  it("takes an optional website that must be a URL, naming an example host", async () => {
    expect(await errors({ site: "https://myshop.com/buy" })).toEqual({});
    expect(await errors({ site: "myshop" })).toEqual({ site: "Invalid website url (Ex: https://shop.example)" });
    expect(await errors({ site: "ftp://myshop.com" })).toEqual({ site: "Invalid website url (Ex: https://shop.example)" });
  });

  it("only takes the merchant's currencies", async () => {
    expect(zlinkCurrencies("EUR")).toEqual(["EUR", "USDC"]);
    expect(zlinkCurrencies(undefined)).toEqual(["USD", "USDC"]);
    expect(await errors({ currency: "EUR" })).toEqual({ currency: ZLINK_MESSAGES.currencyInvalid });
  });

  it("uses the messages it is given (the form's translations)", async () => {
    const fr = zlinkSchema({ currencies: ["USD"], messages: { ...ZLINK_MESSAGES, labelRequired: "Ajoutez un libellé" } });
    await expect(fr.validate({ ...valid, label: "" })).rejects.toThrow("Ajoutez un libellé");
  });

  it("flags amounts under 0.1 for the submit toast, not zero-or-more errors", () => {
    expect(isBelowMinimum("0.09")).toBe(true);
    expect(isBelowMinimum("0")).toBe(true);
    expect(isBelowMinimum("0.1")).toBe(false);
    expect(isBelowMinimum("0.10")).toBe(false);
    expect(isBelowMinimum("12")).toBe(false);
    expect(isBelowMinimum("-1")).toBe(false);
    expect(isBelowMinimum("abc")).toBe(false);
  });
});

describe("price text", () => {
  it.each([
    ["12", "12"],
    ["12.50", "12.5"],
    ["12,5", "12.5"],
    [".5", "0.5"],
    ["007", "7"],
    [" 3 ", "3"],
    ["-0", "0"],
    ["-2.50", "-2.5"],
    [0.1, "0.1"],
    [12.5, "12.5"],
  ])("reads %j as %j", (text, canonical) => {
    expect(parsePriceText(text)).toBe(canonical);
  });

  it.each(["", ".", "-", "1e5", "abc", "1.2.3", "1 000", NaN, Infinity, null, undefined])("refuses %j", (text) => {
    expect(parsePriceText(text as string)).toBeUndefined();
  });

  it("round-trips every cent amount exactly (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 11n }), (cents) => {
        const text = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
        const canonical = parsePriceText(text)!;
        return parsePriceText(canonical) === canonical && Number(canonical) === Number(text);
      }),
    );
  });

  it("stores a token price in base units and a fiat price without", () => {
    expect(toZLinkInput({ ...valid, price: "2.5", currency: "USDC", site: " https://a.io " })).toEqual({
      label: "Pay Now",
      desc: "",
      site: "https://a.io",
      price: "2.5",
      currency: "USDC",
      useFiat: false,
      priceBaseUnits: 2_500_000n,
    });
    expect(toZLinkInput(valid)).toMatchObject({ price: "12.5", currency: "USD", useFiat: true, priceBaseUnits: null, site: null });
    expect(() => toZLinkInput({ ...valid, price: "x" })).toThrow(RangeError);
  });
});

describe("price display", () => {
  it("shows fiat to cents and tokens as exact as stored, in the reader's locale", () => {
    expect(formatPrice("12.5", "USD", "en")).toBe("12.50 USD");
    expect(formatPrice("1234.5", "EUR", "fr")).toBe("1\u202f234,50 EUR");
    expect(formatPrice("3", "USDC", "en")).toBe("3 USDC");
    expect(formatPrice("0.123456", "USDC", "en")).toBe("0.123456 USDC");
    expect(formatPrice("999999999.999999", "USDC", "en")).toBe("999,999,999.999999 USDC");
  });
});

describe("hosted link helpers", () => {
  it("builds the hosted link, the embed snippet and the share addresses", () => {
    const link = hostedPayLink("http://localhost:4322/", "AbC123xyz9");
    expect(link).toBe("http://localhost:4322/?p=AbC123xyz9");
    expect(embedSnippet(link, 'Buy "now" <b>')).toContain('href="http://localhost:4322/?p=AbC123xyz9"');
    expect(embedSnippet(link, 'Buy "now" <b>')).toContain(">Buy &quot;now&quot; &lt;b&gt;</a>");
    expect(embedSnippet(link, "")).toContain(">Pay Now</a>");
    expect(shareUrl("x", link, "Pay me")).toBe(
      "https://twitter.com/intent/tweet?url=http%3A%2F%2Flocalhost%3A4322%2F%3Fp%3DAbC123xyz9&text=Pay%20me",
    );
    expect(shareUrl("facebook", link, "")).toBe("https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Flocalhost%3A4322%2F%3Fp%3DAbC123xyz9");
    expect(shareUrl("linkedin", link, "")).toMatch(/^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=http%3A/);
  });

  it("tells website URLs apart", () => {
    expect(isWebsiteUrl("https://shop.example.com")).toBe(true);
    expect(isWebsiteUrl("http://localhost:3000")).toBe(true);
    expect(isWebsiteUrl("https://shop")).toBe(false);
    expect(isWebsiteUrl("javascript:alert(1)")).toBe(false);
  });

  it("shows the row menu only for enabled links without payment info (SPEC §2)", () => {
    expect(showsRowMenu({ enabled: true, paymentInfo: null })).toBe(true);
    expect(showsRowMenu({ enabled: false, paymentInfo: null })).toBe(false);
    expect(showsRowMenu({ enabled: true, paymentInfo: {} as never })).toBe(false);
  });
});
