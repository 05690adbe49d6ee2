import { MerchantPage } from "@/components/app-shell/merchant-page";
import { DepositsPanel } from "@/components/settings/deposits-panel";
import { NotificationsPanel } from "@/components/settings/notifications-panel";
import { SecurityPanel } from "@/components/settings/security-panel";
import { SettingsHome } from "@/components/settings/settings-home";
import { merchantApi } from "@/stores/merchant-api";

/** The settings sections that have a screen; other /settings/* deep links show the settings list. */
function sectionOf(pathname: string): "deposits" | "notifications" | "security" | "home" {
  return (/^\/settings\/(deposits|notifications|security)\/?$/.exec(pathname)?.[1] as "deposits" | "notifications" | "security" | undefined) ?? "home";
}

const PANELS = { deposits: DepositsPanel, notifications: NotificationsPanel, security: SecurityPanel } as const;

/** Island for /settings and its sections (each section has its own shell). */
export default function SettingsIsland({ isProduction, pathname }: { isProduction: boolean; pathname?: string }) {
  // Read the address only once the session is known: the island is also rendered at build time.
  return (
    <MerchantPage isProduction={isProduction}>
      {() => {
        const section = sectionOf(pathname ?? window.location.pathname);
        const Panel = section === "home" ? undefined : PANELS[section];
        return Panel ? <Panel api={merchantApi} /> : <SettingsHome />;
      }}
    </MerchantPage>
  );
}
