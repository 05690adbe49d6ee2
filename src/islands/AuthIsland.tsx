import { lazy, Suspense, useEffect, useState } from "react";
import { I18nRoot } from "@/components/i18n/i18n-root";
import { SignInPanel } from "@/components/signin/sign-in-panel";
import { isSessionLive } from "@/lib/access";
import { afterSignInPath } from "@/lib/return-path";
import { isMobileUserAgent, openedInApp } from "@/lib/wallet-apps";
import { $session } from "@/stores/session";

/** The wallet adapter and the sign-in flow, fetched by dynamic import (see useWalletCodeWanted). */
const WalletSignIn = lazy(() => import("./auth/wallet-sign-in"));

const FIRST_INTERACTION = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

/**
 * True once the browser is idle after the page has painted, or at the visitor's first touch,
 * click or key, whichever comes first: the moment to fetch the wallet code.
 */
function useWalletCodeWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, { once: true, passive: true });
    const idle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(want, { timeout: 2000 }) : undefined;
    const timer = idle === undefined ? window.setTimeout(want, 200) : undefined;
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return wanted;
}

/** The sign-in screen while the wallet code is on its way: same layout, wallets being looked for. */
function DetectingWallets() {
  return (
    <SignInPanel
      wallets={[]}
      detecting
      phase="idle"
      error={null}
      onDismissError={() => {}}
      onChoose={() => {}}
      showWalletApps={isMobileUserAgent(navigator.userAgent) && !openedInApp(window.location.search)}
    />
  );
}

/** Island for /auth: painted at once; the wallet adapter follows on idle or first interaction. */
export default function AuthIsland() {
  const wanted = useWalletCodeWanted();
  // A return visit with a live, accepted session goes straight on (to `?next=` or the dashboard).
  useEffect(() => {
    const cached = $session.get();
    if (isSessionLive(cached) && cached.acceptedTerms) window.location.replace(afterSignInPath(window.location.search));
  }, []);
  return (
    <I18nRoot>
      {wanted ? (
        <Suspense fallback={<DetectingWallets />}>
          <WalletSignIn />
        </Suspense>
      ) : (
        <DetectingWallets />
      )}
    </I18nRoot>
  );
}
