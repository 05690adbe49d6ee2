import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/common.json";
import fr from "../../public/assets/translations/fr/common.json";
import { ZLINK_DEFAULT_LABEL } from "./zlink";
import { DEFAULT_BUTTON_LABEL } from "./invoice";
import { isDefaultPayLabel, shownPayLabel } from "./pay-label";

const inFrench = () => fr.payNow;

describe("shownPayLabel", () => {
  it("says the default label in the reader's language, whichever product stored it", () => {
    for (const stored of [DEFAULT_BUTTON_LABEL, ZLINK_DEFAULT_LABEL, "pay now", " Pay Now "]) expect(shownPayLabel(stored, inFrench), stored).toBe("Payer maintenant");
    expect(shownPayLabel(DEFAULT_BUTTON_LABEL, () => en.payNow)).toBe("Pay Now");
  });

  it("shows a label the merchant wrote as written", () => {
    for (const label of ["Settle the logo", "Pay Now please", "Régler la facture"]) {
      expect(isDefaultPayLabel(label)).toBe(false);
      expect(shownPayLabel(label, inFrench)).toBe(label);
    }
  });
});
