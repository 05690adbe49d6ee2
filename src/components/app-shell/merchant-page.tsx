import { I18nRoot } from "@/components/i18n/i18n-root";
import { SessionGuard } from "@/components/session/session-guard";
import { merchantApi } from "@/stores/merchant-api";
import { clearSession, type SessionUser } from "@/stores/session";
import { AppShell } from "./app-shell";

/** Logout (SPEC §2): revoke the session on the server, forget it here, back to /auth. */
export async function logout(): Promise<void> {
  await merchantApi.get("/signout").catch(() => {});
  clearSession();
  window.location.assign("/auth");
}

export interface MerchantPageProps {
  isProduction: boolean;
  children: (user: SessionUser) => React.ReactNode;
}

/** A merchant screen's island root: i18n, the session guard and the shell around `children`. */
export function MerchantPage({ isProduction, children }: MerchantPageProps) {
  return (
    <I18nRoot>
      <SessionGuard api={merchantApi}>
        {(user) => (
          <AppShell
            address={user.publicKey}
            access={{ permissions: user.settings.permissions, rampOnly: user.settings.rampOnly }}
            currentPath={window.location.pathname}
            api={merchantApi}
            isProduction={isProduction}
            onLogout={() => void logout()}
          >
            {children(user)}
          </AppShell>
        )}
      </SessionGuard>
    </I18nRoot>
  );
}
