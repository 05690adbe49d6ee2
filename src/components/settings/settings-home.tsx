import { useTranslation } from "react-i18next";
import { ChevronRightIcon, WalletIcon } from "lucide-react";

/**
 * /settings: the settings sections that exist so far, each a link to its page. Profile,
 * Notifications and Security join this list when their screens are built.
 */
export function SettingsHome() {
  const { t } = useTranslation("settings");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      <ul className="grid gap-3" aria-label={t("title")}>
        <li>
          <a
            href="/settings/deposits"
            className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <WalletIcon aria-hidden="true" className="size-6 shrink-0 text-primary" />
            <span className="flex flex-1 flex-col gap-1">
              <span className="font-semibold">{t("sections.deposits.title")}</span>
              <span className="text-sm text-muted-foreground">{t("sections.deposits.description")}</span>
            </span>
            <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          </a>
        </li>
      </ul>
    </div>
  );
}
