import type { ComponentType } from "react";
import type { PayableProduct } from "@/lib/pay-api";
import type { PayerChoice } from "@/lib/pay-choice";
import { $payFamily } from "@/stores/pay-family";
import type { PayApi } from "./pay-api-client";
import type { PayFamily } from "./pay-option";

/** What the island hands the container of the picked family (Solana or EVM). */
export interface FamilyContainerProps {
  productId: string;
  api: PayApi;
  product?: PayableProduct;
  /** WalletConnect's project id, when the instance has one (EVM only). */
  walletConnectProjectId?: string;
  /** The family being loaded after the payer picked another. */
  pendingFamily?: PayFamily | null;
  onPickFamily?: (family: PayFamily) => void;
  /** The payer's choice (donation amount and note, cart quantities) and its setter. */
  choice?: PayerChoice;
  onChoose?: (patch: PayerChoice) => void;
}

export type FamilyContainer = ComponentType<FamilyContainerProps>;

/**
 * Each family's wallet code is its own chunk, imported only when the payer picks that family:
 * wallet-adapter and web3.js for Solana, wagmi, viem and the connectors for EVM. The pay page
 * before the choice carries neither (the served HTML's script is a few hundred bytes).
 */
const IMPORTERS: Record<PayFamily, () => Promise<FamilyContainer>> = {
  solana: () => import("./solana-pay-container").then((m) => m.SolanaPayContainer),
  evm: () => import("./evm/evm-pay-container").then((m) => m.EvmPayContainer),
};

const loaded: Partial<Record<PayFamily, FamilyContainer>> = {};
const loading: Partial<Record<PayFamily, Promise<FamilyContainer>>> = {};

/** Loads a family's container (once); a failed load may be tried again. */
export function loadFamily(family: PayFamily): Promise<FamilyContainer> {
  loading[family] ??= IMPORTERS[family]().then(
    (container) => (loaded[family] = container),
    (err: unknown) => {
      delete loading[family];
      throw err;
    },
  );
  return loading[family];
}

/** The family's container when its code is already here (so the island draws it without a loading frame). */
export function loadedFamily(family: PayFamily): FamilyContainer | undefined {
  return loaded[family];
}

/** Remembers the payer's pick, so a returning payer's page loads that family at once (src/islands/pay-boot.ts). */
export function rememberFamily(family: PayFamily): void {
  $payFamily.set(family);
}
