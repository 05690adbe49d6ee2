import { useStore } from "@nanostores/react";
import { ToastBar } from "@/components/ui/toast-bar";
import { $toasts, dismissToast } from "@/stores/toasts";

/** The page's toast bar wired to the $toasts store: what showToast() adds, its close button removes. */
export function ConnectedToastBar() {
  const toasts = useStore($toasts);
  return <ToastBar toasts={toasts} onDismiss={dismissToast} />;
}
