import { useStore } from "@nanostores/react";
import { I18nRoot } from "@/components/i18n/i18n-root";
import { IslandErrorBoundary } from "@/components/errors/island-error-boundary";
import { SessionGuard } from "@/components/session/session-guard";
import { actsAsProduction } from "@/lib/server-mode";
import { hiddenRoutes, isAllowed, type SideMenuItem } from "@/lib/side-menu";
import { $permissionDenied, merchantApi } from "@/stores/merchant-api";
import { $serverMode } from "@/stores/server-mode";
import { $zrampOffered } from "@/stores/zramp-offered";
import { clearSession, type SessionUser } from "@/stores/session";
import { AppShell } from "./app-shell";
import { PermissionScreen } from "./permission-screen";

/** Logout (SPEC §2): revoke the session on the server, forget it here, back to /auth. */
export async function logout(): Promise<void> {
  await merchantApi.get("/signout").catch(() => {});
  clearSession();
  window.location.assign("/auth");
}

export interface MerchantPageProps {
  /** What the page was built for; the running server's own word (`/api/session`) wins once known. */
  isProduction: boolean;
  /**
   * The permission the page needs, as its side-menu item states it. Without it (in the cached
   * session, or as the server answers a call) the page shows the permission screen instead.
   */
  permission?: SideMenuItem["permission"];
  children: (user: SessionUser) => React.ReactNode;
}

/** A merchant screen's island root: i18n, the session guard and the shell around `children`. */
export function MerchantPage({ isProduction, permission, children }: MerchantPageProps) {
  const serverMode = useStore($serverMode);
  const denied = useStore($permissionDenied);
  // Unknown ('') counts as offered: the item shows until the server says otherwise.
  const zrampOffered = useStore($zrampOffered) !== "no";
  return (
    <I18nRoot>
      <SessionGuard api={merchantApi}>
        {(user) => {
          const access = { permissions: user.settings.permissions, rampOnly: user.settings.rampOnly };
          const permitted = !permission || (!denied && isAllowed({ permission }, access));
          return (
            <AppShell
              address={user.publicKey}
              access={access}
              currentPath={window.location.pathname}
              api={merchantApi}
              isProduction={actsAsProduction(serverMode, isProduction)}
              onLogout={() => void logout()}
              unbuilt={hiddenRoutes({ zrampOffered })}
            >
              {/* A screen that throws shows the error screen inside the shell, never a blank island. */}
              <IslandErrorBoundary as="div">{permitted ? children(user) : <PermissionScreen />}</IslandErrorBoundary>
            </AppShell>
          );
        }}
      </SessionGuard>
    </I18nRoot>
  );
}
