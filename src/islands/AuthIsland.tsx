import "@/lib/polyfills";
import { useCallback, useEffect, useMemo, useState } from "react";
import { WalletProvider } from "@solana/wallet-adapter-react";
import { I18nRoot } from "@/components/i18n/i18n-root";
import { SignInPanel } from "@/components/signin/sign-in-panel";
import { useSolanaSignIn } from "@/components/signin/use-solana-sign-in";
import { TermsDialog } from "@/components/terms/terms-dialog";
import { ToastBar } from "@/components/ui/toast-bar";
import { createApiClient } from "@/lib/api-client";
import { isSessionLive } from "@/lib/access";
import { isMobileUserAgent, openedInApp } from "@/lib/wallet-apps";
import { $session, clearSession, setSession, updateSession, type SessionUser } from "@/stores/session";

const DASHBOARD = "/dashboard";

function SignIn() {
  const api = useMemo(() => createApiClient({ getToken: () => $session.get()?.token }), []);
  const search = window.location.search;
  const referralCode = new URLSearchParams(search).get("r");
  const [termsOpen, setTermsOpen] = useState(false);

  const onSignedIn = useCallback((user: SessionUser) => {
    setSession(user);
    if (user.acceptedTerms) window.location.assign(DASHBOARD);
    else setTermsOpen(true);
  }, []);
  const signIn = useSolanaSignIn({ api, referralCode, onSignedIn });

  // A return visit with a live, accepted session goes straight on.
  useEffect(() => {
    const cached = $session.get();
    if (isSessionLive(cached) && cached.acceptedTerms) window.location.replace(DASHBOARD);
  }, []);

  const accept = async () => {
    const res = await api.post<{ data: { user: SessionUser } }>("/accept-terms");
    updateSession({ acceptedTerms: res.data.user.acceptedTerms });
    window.location.assign(DASHBOARD);
  };
  const reject = () => {
    setTermsOpen(false);
    void api.get("/signout").catch(() => {});
    clearSession();
    void signIn.disconnect().catch(() => {});
  };

  return (
    <>
      <SignInPanel
        wallets={signIn.wallets}
        phase={signIn.phase}
        error={signIn.error}
        onDismissError={signIn.dismissError}
        onChoose={signIn.choose}
        showWalletApps={isMobileUserAgent(navigator.userAgent) && !openedInApp(search)}
      />
      <TermsDialog open={termsOpen} onAccept={accept} onReject={reject} />
      <ToastBar />
    </>
  );
}

/** Island for /auth: Wallet Standard wallets are detected by the adapter itself. */
export default function AuthIsland() {
  return (
    <I18nRoot>
      <WalletProvider wallets={[]} autoConnect={false}>
        <SignIn />
      </WalletProvider>
    </I18nRoot>
  );
}
