import { describe, expect, it } from "vitest";
import enSettings from "../../public/assets/translations/en/settings.json";
import { PROFILE_MESSAGES, billingUpdatedText } from "@/lib/profile";

describe("profile translations", () => {
  it("carry the server's texts verbatim in English, and the SPEC's billing currency toasts", () => {
    const { billingUpdated, billingFailed, ...errors } = PROFILE_MESSAGES;
    expect(enSettings.profile.errors).toEqual(errors);
    expect(enSettings.profile.billingUpdated).toBe(billingUpdated);
    expect(enSettings.profile.billingFailed).toBe(billingFailed);
    expect(billingUpdatedText("EUR")).toBe("Billing currency updated to EUR");
    expect(billingFailed).toBe("Failed to update billing currency.");
  });
});
