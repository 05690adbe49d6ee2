import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { SETTINGS_TABS, type SettingsTab } from "./settings-tabs";

/**
 * The settings page heading and its tabs. Each tab is its own page (a deep link works), so the
 * bar is a list of links with the current one marked, not an in-page tab widget.
 */
export function SettingsTabBar({ active, children }: { active: SettingsTab["key"]; children: React.ReactNode }) {
  const { t } = useTranslation("settings");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      <nav aria-label={t("tabs.label")} className="-mx-1 overflow-x-auto border-b">
        <ul className="flex min-w-max gap-0.5 px-1 sm:gap-1">
          {SETTINGS_TABS.map((tab) => (
            <li key={tab.key}>
              <a
                href={tab.href}
                aria-current={tab.key === active ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex h-10 items-center border-b-2 px-2 text-sm sm:px-3 font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  tab.key === active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {t(`tabs.${tab.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
