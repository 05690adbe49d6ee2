import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { DEEP_LINK_FALLBACK_MS, WALLET_APPS, inAppUrl, type WalletApp } from "@/lib/wallet-apps";

/**
 * Opens the site inside the wallet app; if the app did not take over within 3 s (the page is
 * still visible), sends the visitor to the app's download page instead.
 */
export function openInWalletApp(app: WalletApp, win: Window = window): void {
  const link = app.browseLink(inAppUrl(win.location.href), win.location.origin);
  const timer = win.setTimeout(() => {
    if (win.document.visibilityState === "visible") win.location.href = app.download;
  }, DEEP_LINK_FALLBACK_MS);
  win.addEventListener("pagehide", () => win.clearTimeout(timer), { once: true });
  win.location.href = link;
}

/** Phone visitors outside a wallet app: open this page in one of three Solana wallet apps. */
export function WalletAppLinks({ onOpen = openInWalletApp }: { onOpen?: (app: WalletApp) => void }) {
  const { t } = useTranslation("common");
  return (
    <section aria-labelledby="wallet-apps-title" className="space-y-2">
      <h2 id="wallet-apps-title" className="text-sm font-medium">
        {t("signin.openInApp")}
      </h2>
      <div className="grid grid-cols-3 gap-2">
        {WALLET_APPS.map((app) => (
          <Button key={app.id} variant="secondary" onClick={() => onOpen(app)}>
            {app.name}
          </Button>
        ))}
      </div>
    </section>
  );
}
