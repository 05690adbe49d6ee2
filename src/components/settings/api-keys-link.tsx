import { useTranslation } from "react-i18next";
import { KeyRoundIcon } from "lucide-react";
import { SIDE_MENU } from "@/lib/side-menu";

/** Where the API keys live (issue 28: one home): the zAPI page. Security points there instead of repeating the card. */
const API_KEYS_HOME = SIDE_MENU.find((item) => item.id === "zapi")!.href;

/** A short line in Settings › Security saying the API keys are on the zAPI page, with a link. */
export function ApiKeysLink() {
  const { t } = useTranslation("security");
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border p-3 text-sm">
      <KeyRoundIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span>{t("apiKeys.line")}</span>
      <a href={API_KEYS_HOME} className="font-medium text-primary underline-offset-4 hover:underline">
        {t("apiKeys.link")}
      </a>
    </p>
  );
}
