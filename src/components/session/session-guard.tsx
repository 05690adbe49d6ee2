import * as React from "react";
import { useStore } from "@nanostores/react";
import { isSessionLive, PUBLIC_ROUTE } from "@/lib/access";
import type { ApiClient } from "@/lib/api-client";
import { accessRedirect } from "@/lib/return-path";
import { $session, clearSession, updateSession, type SessionUser } from "@/stores/session";
import { setServerMode } from "@/stores/server-mode";
import { setZrampOffered } from "@/stores/zramp-offered";

export interface SessionGuardProps {
  api: ApiClient;
  children: (user: SessionUser) => React.ReactNode;
  /** Where to send a visitor instead (a full navigation in the app). */
  redirect?: (path: string) => void;
  location?: { pathname: string; search: string };
}

/**
 * Renders a merchant page only for a live session whose terms are accepted (SPEC §2, §6).
 * Otherwise it goes to /auth, told to come back to this page and its search once signed in
 * (`accessRedirect`). Once shown, it refreshes the cached user from the server; a revoked session
 * ends through the API client's expiry handling.
 */
export function SessionGuard({
  api,
  children,
  redirect = (p) => window.location.replace(p),
  location = window.location,
}: SessionGuardProps) {
  const user = useStore($session);
  const allowed = isSessionLive(user) && user.acceptedTerms;

  React.useEffect(() => {
    if (allowed) return;
    if (user && !isSessionLive(user)) clearSession();
    redirect(accessRedirect(location.pathname, location.search) ?? PUBLIC_ROUTE);
  }, [allowed, user, redirect, location.pathname, location.search]);

  React.useEffect(() => {
    if (!allowed) return;
    api
      .get<{ data: { user: Omit<SessionUser, "token" | "validTill">; mode?: string; zramp?: boolean } }>("/session")
      .then(({ data }) => {
        updateSession(data.user);
        // The server, not the build, says whether this is production (what the shell offers).
        setServerMode(data.mode);
        // Whether the menu offers zRamp (a server with no ramp provider hides it).
        setZrampOffered(data.zramp);
      })
      .catch(() => {
        // Session problems are handled by the client (toast, then /auth); others keep the cache.
      });
    // Refresh once per page view, not on every cache update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed]);

  if (!allowed) return null;
  return <>{children(user)}</>;
}
