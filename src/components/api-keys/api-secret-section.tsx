import * as React from "react";
import { useTranslation } from "react-i18next";
import { KeyRoundIcon, RefreshCwIcon, ShieldOffIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FreshSignInAlert } from "@/components/session/fresh-sign-in-alert";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { formatDateTime } from "@/lib/transaction-details";
import { ZAPI_SECRET_PREFIX, type ZapiSecretStatus } from "@/lib/zapi";
import { showToast } from "@/stores/toasts";

export interface ApiSecretSectionProps {
  api: ApiClient;
  /** Sends the merchant to sign in again when the server wants a recent sign-in. */
  onSignInAgain: () => void;
}

const masked = (hint: string) => `${ZAPI_SECRET_PREFIX}…${hint}`;

/**
 * The zAPI secret (`zpk_…`), apart from the webhook signing secret: its last characters and age,
 * Regenerate (the merchant picks: keep the old one working for 24 hours, or stop it now), the new
 * secret shown once in a dialog with Copy, and Revoke for the previous one while it still works.
 * Only a hash is stored, so the secret is never shown again.
 */
export function ApiSecretSection({ api, onSignInAgain }: ApiSecretSectionProps) {
  const { t, i18n } = useTranslation("zapi");
  const [status, setStatus] = React.useState<ZapiSecretStatus | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [choosing, setChoosing] = React.useState(false);
  const [keepPrevious, setKeepPrevious] = React.useState(false);
  const [shownOnce, setShownOnce] = React.useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const run = async <T,>(call: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      setNeedsSignIn(false);
      return answer;
    } catch (err) {
      if (err instanceof ApiRequestError && err.needsFreshSignIn) setNeedsSignIn(true);
      else setError(err instanceof Error ? err.message : String(err));
      return null;
    } finally {
      setBusy(false);
    }
  };

  // The status (never the secret), once per card; an answer after unmount is dropped.
  React.useEffect(() => {
    let live = true;
    api.get<{ data: ZapiSecretStatus }>("/zapi/secret").then(
      (answer) => live && setStatus(answer.data),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const regenerate = async (keep: boolean) => {
    setChoosing(false);
    const answer = await run(() => api.post<{ data: ZapiSecretStatus & { secret: string } }>("/zapi/secret/regenerate", { keepPrevious: keep }));
    if (!answer) return;
    const { secret, ...next } = answer.data;
    setStatus(next);
    setShownOnce(secret);
  };
  const revoke = async () => {
    const answer = await run(() => api.post<{ data: ZapiSecretStatus }>("/zapi/secret/revoke-previous"));
    if (!answer) return;
    setStatus(answer.data);
    showToast({ message: t("apiSecret.revoked"), variant: "success" });
  };
  const openChoice = () => {
    setKeepPrevious(false);
    setChoosing(true);
  };
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <div data-slot="api-secret-section" className="flex flex-col gap-2">
      <span id="api-secret-label" className="text-sm font-medium">
        {t("apiSecret.label")}
      </span>
      <code aria-labelledby="api-secret-label" data-testid="api-secret-hint" className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
        {status === null ? t("keys.loading") : status.exists && status.hint ? masked(status.hint) : t("apiSecret.none")}
      </code>
      {status?.exists && status.createdAt ? <p className="text-sm text-muted-foreground">{t("apiSecret.created", { date: when(status.createdAt) })}</p> : null}
      {status?.legacy ? (
        <p role="status" className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
          {t("apiSecret.legacy")}
        </p>
      ) : null}
      {status?.previous ? (
        <div className="flex flex-col gap-2 rounded-md border p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p data-testid="api-secret-previous">{t("apiSecret.previous", { secret: masked(status.previous.hint), date: when(status.previous.expiresAt) })}</p>
          <Button type="button" variant="destructive" size="sm" disabled={busy} onClick={() => void revoke()}>
            <ShieldOffIcon aria-hidden="true" />
            {t("apiSecret.revoke")}
          </Button>
        </div>
      ) : null}
      {needsSignIn ? <FreshSignInAlert message={t("apiSecret.freshSignIn")} actionLabel={t("keys.signInAgain")} onSignInAgain={onSignInAgain} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        {status && !status.exists ? (
          <Button type="button" disabled={busy} onClick={() => void regenerate(false)}>
            <KeyRoundIcon aria-hidden="true" />
            {t("apiSecret.create")}
          </Button>
        ) : (
          <Button type="button" variant="outline" className="h-auto max-w-full py-2 whitespace-normal" disabled={busy || status === null} onClick={openChoice}>
            <RefreshCwIcon aria-hidden="true" />
            {t("apiSecret.regenerate")}
          </Button>
        )}
      </div>

      <Dialog open={choosing} onOpenChange={setChoosing}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t("apiSecret.regenerateTitle")}</DialogTitle>
            <DialogDescription>{t("apiSecret.regenerateMessage")}</DialogDescription>
          </DialogHeader>
          <fieldset className="flex flex-col gap-3">
            <legend className="sr-only">{t("apiSecret.oldSecret")}</legend>
            {[false, true].map((keep) => (
              <label key={String(keep)} className="flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary">
                <input type="radio" name="api-secret-previous" className="mt-1 accent-primary" checked={keepPrevious === keep} onChange={() => setKeepPrevious(keep)} />
                <span className="flex flex-col gap-1">
                  <span className="font-medium">{t(keep ? "apiSecret.keep" : "apiSecret.stop")}</span>
                  <span className="text-muted-foreground">{t(keep ? "apiSecret.keepHelp" : "apiSecret.stopHelp")}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setChoosing(false)}>
              {t("apiSecret.cancel")}
            </Button>
            <Button type="button" variant={keepPrevious ? "default" : "destructive"} onClick={() => void regenerate(keepPrevious)}>
              {t("apiSecret.regenerate")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={shownOnce !== null} onOpenChange={(open) => !open && setShownOnce(null)}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{t("apiSecret.newTitle")}</DialogTitle>
            <DialogDescription>{t("apiSecret.newMessage")}</DialogDescription>
          </DialogHeader>
          <div className="flex items-center gap-2">
            <code data-testid="api-secret-new" className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
              {shownOnce}
            </code>
            <CopyButton
              value={shownOnce ?? ""}
              label={t("apiSecret.copy")}
              onCopied={() => showToast({ message: t("keys.secretCopied"), variant: "success" })}
              onCopyFailed={() => showToast({ message: t("keys.copyFailed"), variant: "error" })}
            />
          </div>
          <DialogFooter>
            <Button type="button" onClick={() => setShownOnce(null)}>
              {t("apiSecret.done")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
