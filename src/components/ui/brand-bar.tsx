import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { cn } from "@/lib/utils";

/**
 * The top of the pages a visitor sees before signing in (welcome, sign-in, pay notices, sandbox
 * explorer): the product name on the left, the language choice on the right.
 */
export function BrandBar({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <header data-slot="brand-bar" className={cn("flex items-center justify-between gap-4", className)}>
      <span className="text-xl font-semibold text-primary">{t("brand")}</span>
      <LanguageSwitcher />
    </header>
  );
}
