import { useTranslation } from "react-i18next";
import { LANGUAGES, isLanguage } from "@/i18n/config";
import { changeLanguage } from "@/i18n/i18n";
import { cn } from "@/lib/utils";
import { saveMerchantLanguage } from "@/stores/merchant-language";

/** A native select (keyboard and screen-reader friendly everywhere) that persists the choice (and, signed in, tells the server). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("common");
  const current = LANGUAGES.find((l) => i18n.resolvedLanguage === l) ?? "en";
  return (
    <label data-slot="language-switcher" className={cn("inline-flex items-center gap-2 text-sm", className)}>
      <span className="text-muted-foreground">{t("language.label")}</span>
      <select
        className="h-8 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
        value={current}
        onChange={(e) => {
          const lng = e.target.value;
          // A signed-in merchant's e-mails follow the app's language: the server is told too.
          if (isLanguage(lng)) void changeLanguage(lng).then(() => saveMerchantLanguage(lng));
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
