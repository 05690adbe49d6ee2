import "@/lib/polyfills";
import { createRoot } from "react-dom/client";
import { initI18n } from "@/i18n/i18n";
import PayIsland from "./PayIsland";
import type { PayShellData } from "./pay-shell-data";

/**
 * Loaded by dynamic import when the payer picks a chain family (src/islands/pay-boot.ts): React,
 * i18next and the Solana wallet code. Translations are ready before the first render, in the
 * language the server wrote the page in, and the flow starts from the served product, so the
 * island's first paint draws the same summary in the same place.
 */
export async function mountPayPage(root: HTMLElement, data: PayShellData | null): Promise<void> {
  await initI18n({ lng: data?.lng });
  createRoot(root).render(<PayIsland product={data?.product} />);
}
