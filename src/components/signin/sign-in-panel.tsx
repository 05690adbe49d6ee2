import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { BrandBar } from "@/components/ui/brand-bar";
import { SIGNIN_SNACKBAR_MS } from "@/lib/timings";
import { WalletAppLinks } from "./wallet-app-links";

export interface DetectedWallet {
  name: string;
  icon: string;
}

export type SignInPhase = "idle" | "connecting" | "signing" | "verifying";

export interface SignInPanelProps {
  wallets: DetectedWallet[];
  phase: SignInPhase;
  /** Why the last attempt failed; shown in a snackbar that hides after 6 s. */
  error: string | null;
  onDismissError: () => void;
  onChoose: (walletName: string) => void;
  /** On a phone outside a wallet app: offer to open the site inside one. */
  showWalletApps: boolean;
  /** The wallet code is still loading: hold the list's place instead of saying none was found. */
  detecting?: boolean;
}

/** The /auth screen: pick a detected Solana wallet, sign, and wait for the server. */
export function SignInPanel({ wallets, phase, error, onDismissError, onChoose, showWalletApps, detecting = false }: SignInPanelProps) {
  const { t } = useTranslation("common");
  const busy = phase !== "idle";
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(onDismissError, SIGNIN_SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [error, onDismissError]);

  return (
    // data-signin-panel: once this is in the page, auth.astro's static copy steps aside.
    <main data-signin-panel="" className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-6 py-10">
      <BrandBar />
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("signin.title")}</h1>
        <p className="text-muted-foreground">{t("signin.subtitle")}</p>
      </div>
      {detecting ? (
        <Skeleton className="h-10 w-full" />
      ) : wallets.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t("signin.walletsLabel")}>
          {wallets.map((w) => (
            <li key={w.name}>
              <Button variant="outline" size="lg" className="w-full justify-start" disabled={busy} onClick={() => onChoose(w.name)}>
                <img src={w.icon} alt="" className="size-6 rounded" />
                {t("signin.withWallet", { wallet: w.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border bg-card p-4 text-sm">{t("signin.noWallet")}</p>
      )}
      {busy ? (
        <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t(`signin.phase.${phase}`)}
        </p>
      ) : null}
      {showWalletApps ? <WalletAppLinks /> : null}
      {error ? (
        <div role="alert" className="flex items-start justify-between gap-3 rounded-md bg-destructive px-4 py-3 text-sm text-destructive-foreground">
          <span>
            {t("signin.failed")} {error}
          </span>
          <button type="button" className="underline" onClick={onDismissError}>
            {t("signin.dismiss")}
          </button>
        </div>
      ) : null}
    </main>
  );
}
