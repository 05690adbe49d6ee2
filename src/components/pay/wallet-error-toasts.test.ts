import { afterEach, describe, expect, it, vi } from "vitest";
import { WALLET_ERROR_INFO_TOAST_MS } from "@/lib/timings";
import { escapeHtml, localizeWalletMessage, raiseWalletToasts, walletErrorToasts } from "./wallet-error-toasts";

const t = (key: string) => `t:${key}`;

afterEach(() => {
  vi.useRealTimers();
});

describe("wallet error toasts (SPEC §8)", () => {
  it("shows the wallet's message as an error toast, escaped", () => {
    expect(walletErrorToasts("User rejected <the> request.", t)).toEqual([{ message: "User rejected &lt;the&gt; request.", variant: "error", delayMs: 0 }]);
  });

  it("falls back to a sentence of ours when the wallet said nothing", () => {
    expect(walletErrorToasts("", t)).toEqual([{ message: "t:wallet.failedFallback", variant: "error", delayMs: 0 }]);
  });

  it("adds the reconnect hint 1.5 s later for the must-provide-an-address errors, EVM and Solana", () => {
    for (const message of ["Invalid parameters: must provide an Ethereum address.", "invalid parameters: must provide a Solana public key"]) {
      expect(walletErrorToasts(message, t)[1]).toEqual({ message: "t:wallet.reconnectHint", variant: "info", delayMs: WALLET_ERROR_INFO_TOAST_MS });
    }
    expect(walletErrorToasts("Invalid parameters: amount", t)).toHaveLength(1);
    expect(WALLET_ERROR_INFO_TOAST_MS).toBe(1500);
  });

  it("raises the delayed toast after its delay", () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    raiseWalletToasts(walletErrorToasts("Invalid parameters: must provide an Ethereum address", t), (toast) => shown.push(`${toast.variant}:${toast.message}`));
    expect(shown).toEqual(["error:Invalid parameters: must provide an Ethereum address"]);
    vi.advanceTimersByTime(WALLET_ERROR_INFO_TOAST_MS - 1);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown[1]).toBe("info:t:wallet.reconnectHint");
  });

  it("shows a known wallet message in the payer's language, and any other message as the wallet wrote it", () => {
    expect(walletErrorToasts("User rejected the request.", t, "fr")[0].message).toBe("t:wallet.errors.rejected");
    expect(localizeWalletMessage("MetaMask Tx Signature: User denied transaction signature.", t, "fr")).toBe("t:wallet.errors.rejected");
    expect(localizeWalletMessage("Attempt to debit an account but found no record of a prior credit. insufficient lamports", t, "fr")).toBe("t:wallet.errors.insufficientFunds");
    expect(localizeWalletMessage("Blockhash not found", t, "fr")).toBe("t:wallet.errors.expired");
    expect(localizeWalletMessage("Something odd happened", t, "fr")).toBe("Something odd happened");
    // English readers keep the wallet's own words (SPEC §8 shows the wallet's message).
    expect(localizeWalletMessage("User rejected the request.", t, "en")).toBe("User rejected the request.");
    const reconnect = walletErrorToasts("Invalid parameters: must provide an Ethereum address", t, "fr");
    expect(reconnect.map((x) => x.message)).toEqual(["t:wallet.errors.invalidParameters", "t:wallet.reconnectHint"]);
  });

  it("escapes every HTML-significant character", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe("&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;");
  });
});
