import type { ReadableAtom } from "nanostores";
import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";

/** localStorage key where wallet-adapter keeps the payer's selected wallet (SPEC §3 Locally persisted: selected wallet). */
export const PAY_WALLET_STORAGE_KEY = "zpay.pay.wallet";

/**
 * The wallet name wallet-adapter remembered on this browser, or null (nothing kept, or not a
 * JSON string). Read-only: the pay page's `WalletProvider` writes the key itself.
 */
export function persistentRememberedWallet(): ReadableAtom<string | null> {
  return persistentAtom<string | null>(PAY_WALLET_STORAGE_KEY, null, {
    encode: (name) => (name === null ? undefined : JSON.stringify(name)),
    decode: (raw) => {
      try {
        const name: unknown = JSON.parse(raw);
        return typeof name === "string" ? name : null;
      } catch {
        return null;
      }
    },
    listen: false,
  });
}

/** The payer's remembered wallet: the pay page's first script loads the wallet code at once when there is one. */
export const $rememberedPayWallet = persistentRememberedWallet();
