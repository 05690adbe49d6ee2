import { useTranslation } from "react-i18next";
import { ShieldOff } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";

/**
 * What a merchant sees on a page their account has no permission for: a clear statement and a
 * way back, instead of the 'session expired' toast and a logout (the session is fine).
 */
export function PermissionScreen() {
  const { t } = useTranslation("shell");
  return (
    <section aria-labelledby="permission-screen-title" className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <ShieldOff aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 id="permission-screen-title" className="text-2xl font-bold tracking-tight">
        {t("permission.title")}
      </h1>
      <p className="text-muted-foreground">{t("permission.body")}</p>
      <a href="/dashboard" className={buttonVariants()}>
        {t("permission.back")}
      </a>
    </section>
  );
}
