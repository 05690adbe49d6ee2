import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { MerchantPage } from "@/components/app-shell/merchant-page";
import { DepositsPanel } from "@/components/settings/deposits-panel";
import { NotificationsPanel } from "@/components/settings/notifications-panel";
import { ProfilePanel } from "@/components/settings/profile-panel";
import { SecurityPanel } from "@/components/settings/security-panel";
import { SettingsTabBar } from "@/components/settings/settings-tab-bar";
import { settingsTabOf, type SettingsTab } from "@/components/settings/settings-tabs";
import { isAllowed, SIDE_MENU } from "@/lib/side-menu";
import { merchantApi } from "@/stores/merchant-api";
import { $router } from "@/stores/router";
import type { SessionUser } from "@/stores/session";
import { updateSession } from "@/stores/session";
import { signInAgain } from "./sign-in-again";
import { uploadLogo } from "./settings-profile-upload";

const profile = () => <ProfilePanel api={merchantApi} uploadLogo={uploadLogo} onBillingCurrency={(billingCurrency) => updateSession({ billingCurrency })} />;

/** The zAPI menu item: the API keys' home, when the merchant may open it. */
const zapiItem = SIDE_MENU.find((item) => item.id === "zapi")!;

/** Each settings tab's panel; a tab listed in settings-tabs.ts needs its line here. */
const PANELS: Record<SettingsTab["key"], ((user: SessionUser) => React.ReactNode) | undefined> = {
  profile,
  deposits: () => (
    <DepositsPanel api={merchantApi} search={window.location.search} onSearchHandled={() => window.history.replaceState(null, "", window.location.pathname)} />
  ),
  notifications: () => <NotificationsPanel api={merchantApi} />,
  security: (user) => (
    <SecurityPanel
      api={merchantApi}
      accountId={user._id}
      keysOnZapi={isAllowed(zapiItem, { permissions: user.settings.permissions, rampOnly: user.settings.rampOnly })}
      onSignInAgain={signInAgain}
    />
  ),
};

function StandAloneProfile() {
  const { t } = useTranslation("settings");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("tabs.profile")}</h1>
        <p className="text-muted-foreground">{t("profile.intro")}</p>
      </div>
      {profile()}
    </div>
  );
}

/**
 * Island for /settings, /settings/* (one shell per tab; the server rewrites other deep links) and
 * the stand-alone /profile, which is the Profile panel without the tabs.
 */
export default function SettingsIsland({ isProduction, pathname }: { isProduction: boolean; pathname?: string }) {
  // The router store's path (at build time it names no route; the panel is chosen only once the session is known).
  const routed = useStore($router)?.path;
  return (
    <MerchantPage isProduction={isProduction}>
      {(user) => {
        const path = pathname ?? routed ?? "/settings";
        if (/^\/profile\/?$/.test(path)) return <StandAloneProfile />;
        const tab = settingsTabOf(path)?.key ?? "profile";
        return <SettingsTabBar active={tab}>{(PANELS[tab] ?? profile)(user)}</SettingsTabBar>;
      }}
    </MerchantPage>
  );
}
