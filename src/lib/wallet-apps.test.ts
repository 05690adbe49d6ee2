import { describe, expect, it } from "vitest";
import { WALLET_APPS, inAppUrl, isMobileUserAgent, openedInApp } from "./wallet-apps";

describe("wallet apps on phones", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", true],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36", true],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36", false],
  ])("%s is mobile: %s", (ua, mobile) => expect(isMobileUserAgent(ua)).toBe(mobile));

  it("marks the page opened in the app, keeping the rest of the query", () => {
    const url = inAppUrl("https://pay.example/auth?r=ABCD2345");
    expect(new URL(url).searchParams.get("r")).toBe("ABCD2345");
    expect(openedInApp(new URL(url).search)).toBe(true);
    expect(openedInApp("?r=x")).toBe(false);
  });

  it("builds three apps' links that carry the encoded page address", () => {
    expect(WALLET_APPS).toHaveLength(3);
    for (const app of WALLET_APPS) {
      const link = app.browseLink("https://pay.example/auth?openedInApp=1", "https://pay.example");
      expect(link).toContain(encodeURIComponent("https://pay.example/auth?openedInApp=1"));
      expect(new URL(link).protocol).toBe("https:");
      expect(new URL(app.download).protocol).toBe("https:");
    }
  });
});
