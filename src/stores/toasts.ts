import { atom } from "nanostores";
import { TOAST_AUTO_HIDE_MS, TOAST_CLEANUP_MS } from "@/lib/timings";

export type ToastVariant = "success" | "error" | "info" | "warning";

export type Toast = {
  id: string;
  /** Plain text or HTML; the toast bar sanitises it before rendering. */
  message: string;
  variant: ToastVariant;
  autoClose: boolean;
  /** False once auto-hidden; the toast stays in the store until cleanup. */
  visible: boolean;
};

/** Toasts shown in the toast bar, oldest first (hidden ones linger until their cleanup). */
export const $toasts = atom<Toast[]>([]);

let nextId = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>[]>();

function update(id: string, change: (toast: Toast) => Toast | undefined): void {
  $toasts.set($toasts.get().flatMap((toast) => (toast.id === id ? (change(toast) ?? []) : [toast])));
}

function forget(id: string): void {
  for (const timer of timers.get(id) ?? []) clearTimeout(timer);
  timers.delete(id);
}

/**
 * Shows a toast (SPEC §4): it hides after TOAST_AUTO_HIDE_MS and leaves the store TOAST_CLEANUP_MS
 * after it was shown, unless `autoClose` is false, in which case it stays until dismissed.
 * Returns the toast's id.
 */
export function showToast({ message, variant, autoClose = true }: { message: string; variant: ToastVariant; autoClose?: boolean }): string {
  const id = `toast-${++nextId}`;
  $toasts.set([...$toasts.get(), { id, message, variant, autoClose, visible: true }]);
  if (autoClose) {
    timers.set(id, [
      setTimeout(() => update(id, (toast) => ({ ...toast, visible: false })), TOAST_AUTO_HIDE_MS),
      setTimeout(() => {
        forget(id);
        update(id, () => undefined);
      }, TOAST_CLEANUP_MS),
    ]);
  }
  return id;
}

/** Removes a toast at once (its close button), cancelling its timers. */
export function dismissToast(id: string): void {
  forget(id);
  update(id, () => undefined);
}

/** Removes every toast and timer (between tests and stories, or on logout). */
export function clearToasts(): void {
  for (const id of timers.keys()) forget(id);
  $toasts.set([]);
}
