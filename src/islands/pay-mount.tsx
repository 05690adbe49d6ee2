import { createRoot } from "react-dom/client";
import { initI18n } from "@/i18n/i18n";
import { loadFamily } from "@/components/pay/pay-family";
import { isPayFamily, offeredFamily, type PayFamily } from "@/components/pay/pay-option";
import { DONATION_FIELDS } from "@/lib/pay-donation";
import type { PayerChoice } from "@/lib/pay-choice";
import PayIsland from "./PayIsland";
import type { PayShellData } from "./pay-shell-data";

/**
 * Loaded by dynamic import when the payer picks a chain family (src/islands/pay-boot.ts): React,
 * i18next, and the picked family's wallet code (Solana: wallet-adapter and web3.js; EVM: wagmi
 * and viem), each its own chunk. Translations and that code are ready before the first render,
 * in the language the server wrote the page in, and the flow starts from the served product, so
 * the island's first paint draws the same summary in the same place.
 */
export async function mountPayPage(root: HTMLElement, data: PayShellData | null, family?: string | null): Promise<void> {
  const asked = isPayFamily(family) ? family : null;
  // With the served product, only a family it offers (a remembered EVM payer on a Solana-only merchant's link opens Solana).
  const picked: PayFamily = (data?.product && offeredFamily(data.product, asked)) || asked || "solana";
  // A family that fails to load is loaded again by the island, which can say so.
  await Promise.all([initI18n({ lng: data?.lng }), loadFamily(picked).catch(() => undefined)]);
  const choice = servedChoice(root);
  createRoot(root).render(<PayIsland product={data?.product} family={picked} walletConnectProjectId={data?.walletConnectProjectId} choice={choice} />);
}

/** What the payer typed or picked in the served donation fields before the page's code loaded. */
function servedChoice(root: HTMLElement): PayerChoice {
  const field = (name: string) => root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)?.value ?? "";
  const picked = root.querySelector<HTMLInputElement>(`input[name="${DONATION_FIELDS.amount}"]:checked`)?.value;
  const amount = field(DONATION_FIELDS.other).trim() || picked;
  const name = field(DONATION_FIELDS.name);
  const message = field(DONATION_FIELDS.message);
  return { ...(amount ? { amount } : {}), ...(name || message ? { donor: { name, message } } : {}) };
}
