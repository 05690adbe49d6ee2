import { i18next } from "@/i18n/i18n";
import { FALLBACK_LANGUAGE } from "@/i18n/config";
import { WALLET_ERROR_INFO_TOAST_MS } from "@/lib/timings";
import type { ToastVariant } from "@/stores/toasts";
import { USER_REJECTION_MESSAGE } from "./wallet-rejection";

/** A toast to raise `delayMs` after the failure. */
export interface WalletToast {
  message: string;
  variant: ToastVariant;
  delayMs: number;
}

/** SPEC §8: wallet messages after which the payer is told to reconnect their wallet app (EVM and the Solana equivalent). */
const RECONNECT_HINT = /invalid parameters:.*must provide an? (ethereum|solana) (address|public ?key)/i;

/**
 * Wallet messages we recognise, whatever wallet wrote them, and their `pay` key. Wallets answer
 * in English; a payer reading the page in another language gets these in their language.
 */
const KNOWN_WALLET_MESSAGES: readonly [RegExp, string][] = [
  [USER_REJECTION_MESSAGE, "wallet.errors.rejected"],
  [/insufficient (funds|balance|lamports)|exceeds (the )?balance|not enough (sol|funds)/i, "wallet.errors.insufficientFunds"],
  [/blockhash not found|block height exceeded|transaction (has )?expired/i, "wallet.errors.expired"],
  [/wallet (is )?not connected|no wallet connected/i, "wallet.errors.notConnected"],
  [RECONNECT_HINT, "wallet.errors.invalidParameters"],
];

/** The wallet's message in the payer's language when we know it; as the wallet wrote it otherwise (and always in English). */
export function localizeWalletMessage(message: string, translate: (key: string) => string, language: string | undefined = i18next.resolvedLanguage): string {
  if (!language || language === FALLBACK_LANGUAGE) return message;
  const known = KNOWN_WALLET_MESSAGES.find(([pattern]) => pattern.test(message));
  return known ? translate(known[1]) : message;
}

/** Wallet and server messages are plain text; toasts render HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * SPEC §8: what the payer is shown when their wallet fails: its message as an error toast (a
 * fallback when it said nothing), and for the "must provide an … address" errors an info toast
 * 1.5 s later asking them to reconnect the wallet app. `translate` reads the `pay` namespace.
 */
export function walletErrorToasts(message: string, translate: (key: string) => string, language?: string): WalletToast[] {
  const shown = message ? localizeWalletMessage(message, translate, language) : translate("wallet.failedFallback");
  const toasts: WalletToast[] = [{ message: escapeHtml(shown), variant: "error", delayMs: 0 }];
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
