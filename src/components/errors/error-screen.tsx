import { useTranslation } from "react-i18next";
import { errorScreenKind } from "@/lib/error-screen";
import { Button } from "@/components/ui/button";

export interface ErrorScreenProps {
  /** HTTP status of the failed request; picks the title (SPEC §8). */
  status?: number;
  /** The server's message, shown instead of the default when present. */
  message?: string;
  /** Where the recovery link goes. */
  homeHref?: string;
}

/** Full-page error: SPEC §8's title for the status and the server's message or the default. */
export function ErrorScreen({ status, message, homeHref = "/" }: ErrorScreenProps) {
  const { t } = useTranslation("common");
  const kind = errorScreenKind(status);
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <div role="alert" className="flex flex-col items-center gap-4">
      {status ? <p className="text-5xl font-bold text-muted-foreground">{status}</p> : null}
      <h1 className="text-2xl font-semibold">{t(`errors.${kind}.title`)}</h1>
      <p className="text-muted-foreground">{message?.trim() ? message : t(`errors.${kind}.message`)}</p>
      </div>
      <Button asChild variant="outline">
        <a href={homeHref}>{t("errors.backHome")}</a>
      </Button>
    </main>
  );
}
