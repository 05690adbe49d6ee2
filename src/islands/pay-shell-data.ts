import type { Language } from "@/i18n/config";
import type { PayableProduct } from "@/lib/pay-api";

/**
 * What the pay page's HTML hands its script in `<script type="application/json" id="pay-data">`
 * (written by src/server/modules/pay/page.tsx): `ready` waits for the payer to pick a chain family;
 * `unavailable` (the product could not be read just now) loads the island at once so it can retry
 * and explain; `not-found` and `no-link` need no island at all.
 */
export interface PayShellData {
  state: "ready" | "not-found" | "no-link" | "unavailable";
  lng: Language;
  product?: PayableProduct;
  /** WalletConnect's project id when the instance has one (WALLETCONNECT_PROJECT_ID); the EVM wallet list offers WalletConnect only then. */
  walletConnectProjectId?: string;
}
