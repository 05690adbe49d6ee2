import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ApiKeysCard } from "@/components/api-keys/api-keys-card";
import { Spinner } from "@/components/ui/spinner";
import type { ApiClient } from "@/lib/api-client";
import type { WebhookSettingsDto } from "@/lib/webhook-settings";
import { ApiKeysLink } from "./api-keys-link";
import { DeliveryLog } from "./delivery-log";
import { WebhookForm } from "./webhook-form";

type Load = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; settings: WebhookSettingsDto };

/**
 * SPEC §4 Settings → Security: API keys, the webhook / e-commerce platform form and the webhook
 * delivery log. The API keys' home is the zAPI page (issue 28): here a line links there, unless the
 * merchant may not open zAPI (its menu permission), when the card stays here, the only place they
 * can read the webhook signing secret.
 */
export function SecurityPanel({
  api,
  timeZone,
  accountId,
  keysOnZapi = false,
  onSignInAgain,
}: {
  api: ApiClient;
  timeZone?: string;
  /** The merchant's account id: with it (and not `keysOnZapi`) the panel starts with the API keys card. */
  accountId?: string;
  /** The merchant can open the zAPI page, the keys' home: the panel links there instead. */
  keysOnZapi?: boolean;
  onSignInAgain?: () => void;
}) {
  const { t } = useTranslation("security");
  const [load, setLoad] = React.useState<Load>({ status: "loading" });
  /** Reads the settings; the first load starts in "loading", a retry sets it (see `retry`). */
  const reload = React.useCallback(() => {
    api
      // The form's fields only: reading the signing secret would need a fresh sign-in.
      .get<{ data: WebhookSettingsDto }>("/integrations/webhook")
      .then((r) => setLoad({ status: "ready", settings: r.data }))
      .catch((err: unknown) => setLoad({ status: "error", message: err instanceof Error ? err.message : t("loadFailed") }));
  }, [api, t]);
  React.useEffect(reload, [reload]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold tracking-tight">{t("title")}</h2>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {keysOnZapi ? <ApiKeysLink /> : accountId && <ApiKeysCard api={api} accountId={accountId} onSignInAgain={onSignInAgain ?? (() => undefined)} />}
      {load.status === "loading" ? (
        <Spinner label={t("loading")} className="self-start" />
      ) : load.status === "error" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{load.message}</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setLoad({ status: "loading" });
              reload();
            }}
          >
            {t("retry")}
          </Button>
        </div>
      ) : (
        <>
          <WebhookForm api={api} settings={load.settings} onSaved={(settings) => setLoad({ status: "ready", settings })} onSignInAgain={onSignInAgain} />
          <DeliveryLog api={api} hasEndpoint={Boolean(load.settings.apiHook)} timeZone={timeZone} />
        </>
      )}
    </div>
  );
}
