import { WALLET_ERROR_INFO_TOAST_MS } from "@/lib/timings";
import type { ToastVariant } from "@/stores/toasts";

/** A toast to raise `delayMs` after the failure. */
export interface WalletToast {
  message: string;
  variant: ToastVariant;
  delayMs: number;
}

/** SPEC §8: wallet messages after which the payer is told to reconnect their wallet app (EVM and the Solana equivalent). */
const RECONNECT_HINT = /invalid parameters:.*must provide an? (ethereum|solana) (address|public ?key)/i;

/** Wallet and server messages are plain text; toasts render HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * SPEC §8: what the payer is shown when their wallet fails: its message as an error toast (a
 * fallback when it said nothing), and for the "must provide an … address" errors an info toast
 * 1.5 s later asking them to reconnect the wallet app. `translate` reads the `pay` namespace.
 */
export function walletErrorToasts(message: string, translate: (key: string) => string): WalletToast[] {
  const toasts: WalletToast[] = [{ message: escapeHtml(message || translate("wallet.failedFallback")), variant: "error", delayMs: 0 }];
  if (RECONNECT_HINT.test(message)) toasts.push({ message: escapeHtml(translate("wallet.reconnectHint")), variant: "info", delayMs: WALLET_ERROR_INFO_TOAST_MS });
  return toasts;
}

/** Raises the toasts, the delayed ones by timer. */
export function raiseWalletToasts(toasts: WalletToast[], notify: (toast: { message: string; variant: ToastVariant }) => void): void {
  for (const { delayMs, ...toast } of toasts) {
    if (delayMs > 0) setTimeout(() => notify(toast), delayMs);
    else notify(toast);
  }
}
