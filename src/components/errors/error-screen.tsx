import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorScreenKind } from "@/lib/error-screen";
import { buttonVariants } from "@/components/ui/button";

export interface ErrorScreenFrameProps {
  /** HTTP status, shown large above the title. */
  status?: number;
  title: ReactNode;
  message: ReactNode;
  /** The recovery link's text. */
  backHome: ReactNode;
  homeHref?: string;
  /** Announce the title and message (an error that replaced a screen); a page that is the error itself does not. */
  announce?: boolean;
  /** `div` inside a page that already has its `main` (the merchant shell's). */
  as?: "main" | "div";
}

/** The full-page error's boxes, whatever fills their text (i18next, or the static 404 page's both languages). */
export function ErrorScreenFrame({ status, title, message, backHome, homeHref = "/", announce = false, as: Root = "main" }: ErrorScreenFrameProps) {
  return (
    <Root className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <div role={announce ? "alert" : undefined} className="flex flex-col items-center gap-4">
        {status ? <p className="text-5xl font-bold text-muted-foreground">{status}</p> : null}
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
      </div>
      <a href={homeHref} data-slot="button" className={buttonVariants({ variant: "outline" })}>
        {backHome}
      </a>
    </Root>
  );
}

export interface ErrorScreenProps {
  /** HTTP status of the failed request; picks the title (SPEC §8). */
  status?: number;
  /** The server's message, shown instead of the default when present. */
  message?: string;
  /** Where the recovery link goes. */
  homeHref?: string;
  /** Not a failed request but the page's own code failing: the default message says so, not "API request failed". */
  unexpected?: boolean;
  as?: ErrorScreenFrameProps["as"];
}

/** Full-page error inside an island: SPEC §8's title for the status and the server's message or the default. */
export function ErrorScreen({ status, message, homeHref = "/", unexpected = false, as }: ErrorScreenProps) {
  const { t } = useTranslation("common");
  const kind = errorScreenKind(status);
  return (
    <ErrorScreenFrame
      status={status}
      title={t(`errors.${kind}.title`)}
      message={message?.trim() ? message : unexpected ? t("errors.unexpected") : t(`errors.${kind}.message`)}
      backHome={t("errors.backHome")}
      homeHref={homeHref}
      announce
      as={as}
    />
  );
}
