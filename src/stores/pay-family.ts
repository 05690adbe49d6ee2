import type { ReadableAtom, WritableAtom } from "nanostores";
import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";

/** The chain families of the pay page (the same as PayFamily in src/components/pay/pay-option.ts, kept here so the first script stays tiny). */
export type StoredPayFamily = "solana" | "evm";

/** localStorage key of the family the payer picked last. */
export const PAY_FAMILY_STORAGE_KEY = "zpay.pay.family";

/** localStorage key where wagmi keeps the payer's last EVM wallet (wagmi's storage key `zpay.pay.evm` + `.recentConnectorId`). */
export const EVM_RECENT_WALLET_KEY = "zpay.pay.evm.recentConnectorId";

/** The family the payer picked last, or null; an unknown stored value reads as none. */
export function persistentPayFamily(): WritableAtom<StoredPayFamily | null> {
  return persistentAtom<StoredPayFamily | null>(PAY_FAMILY_STORAGE_KEY, null, {
    encode: (family) => family ?? undefined,
    decode: (raw) => (raw === "solana" || raw === "evm" ? raw : null),
    listen: false,
  });
}

/** The EVM wallet wagmi remembered (its connector id, kept as JSON), or null. Read-only: wagmi writes the key itself. */
export function persistentRememberedEvmWallet(): ReadableAtom<string | null> {
  return persistentAtom<string | null>(EVM_RECENT_WALLET_KEY, null, {
    encode: (id) => (id === null ? undefined : JSON.stringify(id)),
    decode: (raw) => {
      try {
        const id: unknown = JSON.parse(raw);
        return typeof id === "string" && id ? id : null;
      } catch {
        return null;
      }
    },
    listen: false,
  });
}

/** The family the payer picked last: a returning payer's page loads that family's wallet code at once. */
export const $payFamily = persistentPayFamily();

/** The payer's remembered EVM wallet: with EVM picked last, the pay page's first script loads the EVM code at once. */
export const $rememberedEvmWallet = persistentRememberedEvmWallet();
