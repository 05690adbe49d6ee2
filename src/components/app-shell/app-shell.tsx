import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GuidedTour } from "@/components/tour/guided-tour";
import { Drawer } from "@/components/ui/drawer";
import { ConnectedToastBar } from "./connected-toast-bar";
import type { ApiClient } from "@/lib/api-client";
import type { MenuAccess, SideMenuItem } from "@/lib/side-menu";
import { SideNavLinks } from "./side-nav-links";
import { TopBar } from "./top-bar";
import { useShellTourSteps } from "./shell-tour";
import { $shouldShowTour } from "@/stores/onboarding";

export interface AppShellProps {
  address: string;
  access: MenuAccess;
  currentPath: string;
  api: ApiClient;
  isProduction: boolean;
  onLogout: () => void;
  children: React.ReactNode;
  menu?: readonly SideMenuItem[];
  unbuilt?: ReadonlySet<string>;
}

/** Every merchant screen's frame: side menu (permanent md+, temporary below), top bar, toasts. */
export function AppShell({ address, access, currentPath, api, isProduction, onLogout, children, menu, unbuilt }: AppShellProps) {
  const { t } = useTranslation("common");
  // The tour opens by itself on a merchant's first visit unless they opted out (onboarding flag).
  const [tourOpen, setTourOpen] = useState(() => $shouldShowTour.get());
  const tourSteps = useShellTourSteps(isProduction);
  const links = <SideNavLinks access={access} currentPath={currentPath} menu={menu} unbuilt={unbuilt} />;
  return (
    // data-merchant-shell: once this is in the page, AppLayout.astro's static frame steps aside.
    <div className="flex min-h-dvh" data-merchant-shell="">
      <Drawer forceMode="permanent" className="hidden md:block" data-tour="menu">
        <a href="/dashboard" className="mb-3 block px-3 py-2 text-xl font-semibold text-primary">
          {t("brand")}
        </a>
        {links}
      </Drawer>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          address={address}
          api={api}
          isProduction={isProduction}
          onLogout={onLogout}
          onStartTour={() => setTourOpen(true)}
          menu={
            <Drawer forceMode="temporary" menuButtonClassName="md:hidden">
              {links}
            </Drawer>
          }
        />
        <main className="flex-1 p-4 sm:p-6">{children}</main>
      </div>
      <GuidedTour steps={tourSteps} open={tourOpen} onClose={() => setTourOpen(false)} />
      <ConnectedToastBar />
    </div>
  );
}
