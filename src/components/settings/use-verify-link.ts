import * as React from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "@/lib/api-client";
import { showToast } from "@/stores/toasts";

/** The query parameter a verification mail's link carries. */
export const VERIFY_PARAM = "verify";

/**
 * Opened from a verification mail (`/settings/notifications?verify=<token>`): posts the token once,
 * says how it went, and takes it out of the address bar (so a reload or a shared link does not
 * post it again). Answers true while the token is being checked (the caller reads its settings after).
 */
export function useVerifyLink(api: ApiClient): boolean {
  const { t } = useTranslation("notifications");
  const [token] = React.useState(() => (typeof window === "undefined" ? null : new URL(window.location.href).searchParams.get(VERIFY_PARAM)));
  const [busy, setBusy] = React.useState(Boolean(token));
  const started = React.useRef(false);
  React.useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete(VERIFY_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    api
      .post("/verify-email", { token })
      .then(() => showToast({ message: t("verifiedToast"), variant: "success" }))
      .catch((err: unknown) => showToast({ message: err instanceof Error ? err.message : t("saveFailed"), variant: "error" }))
      .finally(() => setBusy(false));
  }, [api, token, t]);
  return busy;
}
