import { showToast } from "@/stores/toasts";

/** Copies a payment link with the SPEC toasts: 'Link copied to clipboard!', 'No valid link found!', 'Failed to copy link.'. */
export async function copyPayLink(link: string | null | undefined, t: (key: string) => string): Promise<void> {
  if (!link) {
    showToast({ message: t("toasts.noLink"), variant: "error" });
    return;
  }
  try {
    await navigator.clipboard.writeText(link);
    showToast({ message: t("toasts.copied"), variant: "success" });
  } catch (err) {
    console.warn("clipboard failed", err);
    showToast({ message: t("toasts.copyFailed"), variant: "error" });
  }
}
