import * as React from "react";
import { I18nextProvider } from "react-i18next";
import { i18next, initI18n } from "@/i18n/i18n";

/**
 * Wraps every island: starts i18next once per page (translations over HTTP) and renders the
 * children once the language is ready, so no island flashes untranslated keys.
 */
export function I18nRoot({ children, fallback = null }: { children: React.ReactNode; fallback?: React.ReactNode }) {
  const [ready, setReady] = React.useState(i18next.isInitialized);
  React.useEffect(() => {
    if (ready) return;
    let live = true;
    void initI18n().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  if (!ready) return <>{fallback}</>;
  return (
    <I18nextProvider i18n={i18next}>
      <React.Suspense fallback={fallback}>{children}</React.Suspense>
    </I18nextProvider>
  );
}
