import * as React from "react";
import { I18nextProvider } from "react-i18next";
import { i18next, initI18n } from "@/i18n/i18n";
import { pageTitle } from "@/lib/access";

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
  React.useEffect(() => {
    if (!ready) return;
    // The shell names its title key; keep the title in the reader's language.
    const retitle = () => {
      const key = document.documentElement.dataset.titleKey;
      if (key) document.title = pageTitle(i18next.t(key, { ns: "common" }), document.documentElement.dataset.brand ?? i18next.t("brand"));
    };
    retitle();
    i18next.on("languageChanged", retitle);
    return () => i18next.off("languageChanged", retitle);
  }, [ready]);
  if (!ready) return <>{fallback}</>;
  return (
    <I18nextProvider i18n={i18next}>
      <React.Suspense fallback={fallback}>{children}</React.Suspense>
    </I18nextProvider>
  );
}
