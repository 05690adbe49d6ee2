import "@/lib/polyfills";
import { useCallback, useMemo, useState } from "react";
import { WalletProvider } from "@solana/wallet-adapter-react";
import { SignInPanel } from "@/components/signin/sign-in-panel";
import { useSolanaSignIn } from "@/components/signin/use-solana-sign-in";
import { TermsDialog } from "@/components/terms/terms-dialog";
import { ConnectedToastBar } from "@/components/app-shell/connected-toast-bar";
import { createApiClient } from "@/lib/api-client";
import { afterSignInPath } from "@/lib/return-path";
import { isMobileUserAgent, openedInApp } from "@/lib/wallet-apps";
import { $session, clearSession, setSession, updateSession, type SessionUser } from "@/stores/session";
import { saveMerchantLanguage } from "@/stores/merchant-language";

function SignIn() {
  const api = useMemo(() => createApiClient({ getToken: () => $session.get()?.token }), []);
  const search = window.location.search;
  const referralCode = new URLSearchParams(search).get("r");
  // Back to the page that sent the merchant here (`?next=`, checked to be on this site), or the dashboard.
  const destination = afterSignInPath(search);
  const [termsOpen, setTermsOpen] = useState(false);

  const onSignedIn = useCallback(
    (user: SessionUser) => {
      setSession(user);
      // The merchant's e-mails follow the language they signed in with (told before leaving the page).
      void saveMerchantLanguage(undefined, api).then(() => {
        if (user.acceptedTerms) window.location.assign(destination);
        else setTermsOpen(true);
      });
    },
    [api, destination],
  );
  const signIn = useSolanaSignIn({ api, referralCode, onSignedIn });

  const accept = async () => {
    const res = await api.post<{ data: { user: SessionUser } }>("/accept-terms");
    updateSession({ acceptedTerms: res.data.user.acceptedTerms });
    window.location.assign(destination);
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
      <ConnectedToastBar />
    </>
  );
}

/**
 * The wallet half of /auth: the Solana wallet adapter (Wallet Standard wallets are detected by
 * the adapter itself) and the sign-in flow. AuthIsland imports this module only after first
 * paint, so the adapter's code never delays the page.
 */
export default function WalletSignIn() {
  return (
    <WalletProvider wallets={[]} autoConnect={false}>
      <SignIn />
    </WalletProvider>
  );
}
