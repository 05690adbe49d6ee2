import { $payFamily, $rememberedEvmWallet } from "@/stores/pay-family";
import { $rememberedPayWallet } from "@/stores/pay-wallet";
import { $paymentStage } from "@/stores/payment-stage";
import type { PayShellData } from "./pay-shell-data";

function readData(): PayShellData | null {
  const block = document.getElementById("pay-data");
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as PayShellData;
  } catch {
    return null;
  }
}

/**
 * The pay page's only script before the payer picks a chain family (a few KB gzip with the
 * stores it reads): the summary is already in the HTML, so React, i18next and the picked family's
 * wallet code load only when a family button is pressed — or at once for a payer who comes back
 * with a payment under way or a remembered wallet of the family they picked last, or when the
 * server could not fill the page.
 */
export function bootPayPage(): void {
  const root = document.getElementById("pay-root");
  if (!root) return;
  const data = readData();
  let started = false;
  let mounted = false;
  const start = (family: string) => {
    if (started) return;
    started = true;
    void import("./pay-mount").then(({ mountPayPage }) => mountPayPage(root, data, family)).then(() => (mounted = true));
  };

  if (data?.state === "not-found" || data?.state === "no-link") {
    root.addEventListener("change", (event) => switchLanguage(event.target));
    return;
  }
  // A screen past the details (a payment may be under way), or a remembered wallet of the family picked last.
  const lastFamily = $payFamily.get() ?? "solana";
  const remembered = lastFamily === "evm" ? $rememberedEvmWallet.get() : $rememberedPayWallet.get();
  const returning = remembered !== null || $paymentStage.get() !== "details-screen";
  if (!data || data.state !== "ready" || returning) return start(lastFamily);
  // A family button pressed before this script ran submitted its form: the page came back with it.
  const asked = new URLSearchParams(location.search).get("family");
  if (asked === "evm" || asked === "solana") {
    $payFamily.set(asked);
    return start(asked);
  }

  root.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("[data-pay-family]") : null;
    if (!button) return;
    // The script is here: no need for the form's reload.
    event.preventDefault();
    const family = button.dataset.payFamily === "evm" ? "evm" : "solana";
    $payFamily.set(family);
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    start(family);
  });
  // Until React has drawn the page, the served select is the one the payer uses; then React's switcher takes over.
  root.addEventListener("change", (event) => {
    if (!mounted) switchLanguage(event.target);
  });
}

/** Before React runs, the language select reloads the page in the chosen language (served in it). */
function switchLanguage(target: EventTarget | null): void {
  if (!(target instanceof HTMLSelectElement) || !target.closest("[data-slot=language-switcher]")) return;
  // As rememberLanguage (src/i18n/i18n.ts) does, without loading i18next for it.
  try {
    localStorage.setItem("zpay.language", target.value);
  } catch {
    // Private mode: the address carries the choice.
  }
  document.cookie = `zpay.language=${encodeURIComponent(target.value)}; path=/; max-age=31536000; samesite=lax`;
  const url = new URL(location.href);
  url.searchParams.set("lng", target.value);
  location.assign(url);
}
