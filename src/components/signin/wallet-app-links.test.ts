import { describe, expect, it, vi } from "vitest";
import { WALLET_APPS } from "@/lib/wallet-apps";
import { openInWalletApp } from "./wallet-app-links";

/** A window double: only what openInWalletApp touches. */
function fakeWindow(visibility: "visible" | "hidden") {
  const listeners: Record<string, () => void> = {};
  return {
    location: { href: "https://app.example/auth?r=ABCD2345", origin: "https://app.example" },
    document: { visibilityState: visibility },
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    addEventListener: (name: string, fn: () => void) => (listeners[name] = fn),
    listeners,
  };
}

describe("openInWalletApp", () => {
  it("opens the app's link, then its download page after 3 s when the app did not take over", () => {
    vi.useFakeTimers();
    const win = fakeWindow("visible");
    openInWalletApp(WALLET_APPS[0], win as unknown as Window);
    expect(win.location.href).toContain("phantom.app/ul/browse/");
    expect(win.location.href).toContain(encodeURIComponent("openedInApp=1"));
    vi.advanceTimersByTime(2999);
    expect(win.location.href).toContain("phantom.app/ul/browse/");
    vi.advanceTimersByTime(1);
    expect(win.location.href).toBe(WALLET_APPS[0].download);
    vi.useRealTimers();
  });

  it("stays put when the app took over (page hidden)", () => {
    vi.useFakeTimers();
    const win = fakeWindow("hidden");
    openInWalletApp(WALLET_APPS[1], win as unknown as Window);
    vi.advanceTimersByTime(3000);
    expect(win.location.href).toContain("solflare.com/ul/v1/browse/");
    vi.useRealTimers();
  });
});
