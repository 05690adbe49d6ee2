import { MerchantPage } from "@/components/app-shell/merchant-page";
import { DepositsPanel } from "@/components/settings/deposits-panel";
import { SettingsHome } from "@/components/settings/settings-home";
import { merchantApi } from "@/stores/merchant-api";

/** The settings sections that have a screen; other /settings/* deep links show the settings list. */
function sectionOf(pathname: string): "deposits" | "home" {
  return /^\/settings\/deposits\/?$/.test(pathname) ? "deposits" : "home";
}

/** Island for /settings and /settings/deposits (one shell; the server rewrites the deep link). */
export default function SettingsIsland({ isProduction, pathname }: { isProduction: boolean; pathname?: string }) {
  // Read the address only once the session is known: the island is also rendered at build time.
  return (
    <MerchantPage isProduction={isProduction}>
      {() => (sectionOf(pathname ?? window.location.pathname) === "deposits" ? <DepositsPanel api={merchantApi} /> : <SettingsHome />)}
    </MerchantPage>
  );
}
