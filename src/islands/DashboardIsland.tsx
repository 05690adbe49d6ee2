import { useTranslation } from "react-i18next";
import { I18nRoot } from "@/components/i18n/i18n-root";
import { SessionGuard } from "@/components/session/session-guard";
import { AppShell } from "@/components/app-shell/app-shell";
import { ReferralLinkCard } from "@/components/dashboard/referral-link-card";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import { merchantApi } from "@/stores/merchant-api";
import { clearSession } from "@/stores/session";

/** Logout (SPEC §2): revoke the session on the server, forget it here, back to /auth. */
async function logout() {
  await merchantApi.get("/signout").catch(() => {});
  clearSession();
  window.location.assign("/auth");
}

function Overview({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("dashboard.heading")}</h1>
        <p className="text-muted-foreground">{t("dashboard.welcome")}</p>
      </div>
      <ReceivingWalletWarning api={merchantApi} />
      <ReferralLinkCard origin={window.location.origin} referralCode={referralCode} />
    </div>
  );
}

/** Island for /dashboard: the merchant shell around the overview. */
export default function DashboardIsland({ isProduction }: { isProduction: boolean }) {
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
            <Overview referralCode={user.referralCode} />
          </AppShell>
        )}
      </SessionGuard>
    </I18nRoot>
  );
}
