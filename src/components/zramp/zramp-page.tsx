import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ExternalLink } from "@/components/ui/external-link";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import type { ApiClient } from "@/lib/api-client";
import { ZRAMP_FRAME_HEIGHT_PX, type ZRampDto } from "@/lib/zramp";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; url: string | null };

/** The ramp's address from the server (`GET /api/zramp`), with a retry after a failure. */
function useRampUrl(api: ApiClient): [Load, () => void] {
  const [load, setLoad] = React.useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = React.useState(0);
  React.useEffect(() => {
    let live = true;
    api.get<{ data: ZRampDto }>("/zramp").then(
      (res) => live && setLoad({ state: "ready", url: res.data.url }),
      () => live && setLoad({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);
  const retry = () => {
    setLoad({ state: "loading" });
    setAttempt((n) => n + 1);
  };
  return [load, retry];
}

/** The provider's page in its 700 px frame, a spinner over it until it has loaded. */
function RampFrame({ url }: { url: string }) {
  const { t } = useTranslation("zramp");
  const [loaded, setLoaded] = React.useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-xl border bg-background" style={{ height: ZRAMP_FRAME_HEIGHT_PX }}>
        {loaded ? null : (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner size="lg" label={t("frameLoading")} />
          </div>
        )}
        <iframe
          title={t("frameTitle")}
          src={url}
          onLoad={() => setLoaded(true)}
          className="size-full"
          // The provider runs its own checkout; it may not navigate or script this app.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          allow="payment; camera; clipboard-write"
          referrerPolicy="strict-origin"
        />
      </div>
      {/* When the provider refuses to be framed (or fails), the page still leads to it. */}
      <p className="text-sm text-muted-foreground">
        {t("frameFallback")} <ExternalLink href={url}>{t("openInNewTab")}</ExternalLink>
      </p>
    </div>
  );
}

/**
 * A server with no ramp provider: merchants are told plainly it is not offered here. How an
 * operator sets one up is the README's business (section zRamp), never the merchant's screen.
 */
function NotAvailable() {
  const { t } = useTranslation("zramp");
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("notAvailable.title")}</h2>
        </CardTitle>
        <CardDescription>{t("notAvailable.body")}</CardDescription>
      </CardHeader>
    </Card>
  );
}

export interface ZRampPageProps {
  api: ApiClient;
}

/** /zramp (SPEC §2 "zRamp"): the fiat on-ramp in a 700 px frame, with loading and error fallbacks. */
export function ZRampPage({ api }: ZRampPageProps) {
  const { t } = useTranslation("zramp");
  const [load, retry] = useRampUrl(api);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {load.state === "loading" ? (
        <Skeleton aria-busy="true" aria-label={t("frameLoading")} className="rounded-xl" style={{ height: ZRAMP_FRAME_HEIGHT_PX }} />
      ) : load.state === "failed" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={retry}>
            {t("retry")}
          </Button>
        </div>
      ) : load.url ? (
        <RampFrame url={load.url} />
      ) : (
        <NotAvailable />
      )}
    </div>
  );
}
