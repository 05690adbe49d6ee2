import { useTranslation } from "react-i18next";
import { BrandBar } from "@/components/ui/brand-bar";
import { Button } from "@/components/ui/button";

/**
 * The app origin's landing for a signed-out visitor: what zpay is, the way in (Sign in, keeping
 * what /auth reads from the address), the API reference and the language choice.
 */
export function Welcome({ signInHref = "/auth" }: { signInHref?: string }) {
  const { t } = useTranslation("common");
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-6 px-6 py-12">
      <BrandBar />
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("home.title")}</h1>
      <p className="text-lg text-muted-foreground">{t("home.tagline")}</p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <a href={signInHref}>{t("home.signIn")}</a>
        </Button>
        <Button asChild variant="outline">
          <a href="/api/docs">{t("home.apiDocs")}</a>
        </Button>
      </div>
    </main>
  );
}
