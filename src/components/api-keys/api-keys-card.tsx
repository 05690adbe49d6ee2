import * as React from "react";
import { useTranslation } from "react-i18next";
import { EyeIcon, EyeOffIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FreshSignInAlert } from "@/components/session/fresh-sign-in-alert";
import { CopyButton } from "@/components/ui/copy-button";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { showToast } from "@/stores/toasts";
import { ApiSecretSection } from "./api-secret-section";

/** What GET /api/integrations and POST /api/integrations/regenerate answer that this card reads. */
interface KeysAnswer {
  data: { account: { id: string }; secret: string };
}

export interface ApiKeysCardProps {
  api: ApiClient;
  /** The merchant's account id (the signed-in user's `_id`): shown without asking the server. */
  accountId: string;
  /** Sends the merchant to sign in again when the server wants a recent sign-in. */
  onSignInAgain: () => void;
}

/**
 * API keys (the Security tab and /zapi): the account ID; the API secret (`ApiSecretSection`: shown
 * once, regenerate with or without grace, revoke the old one); and the webhook signing secret,
 * which only signs webhooks, hidden until asked for, with copy and Regenerate behind a
 * confirmation. The webhook secret is fetched only when the merchant reveals it, and the server
 * answers only to a recent sign-in; when it refuses, the card says why and offers to sign in again.
 */
export function ApiKeysCard({ api, accountId, onSignInAgain }: ApiKeysCardProps) {
  const { t } = useTranslation("zapi");
  const [secret, setSecret] = React.useState<string | null>(null);
  const [shown, setShown] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [needsSignIn, setNeedsSignIn] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const failed = (err: unknown) => {
    if (err instanceof ApiRequestError && err.needsFreshSignIn) setNeedsSignIn(true);
    else setError(err instanceof Error ? err.message : String(err));
  };
  const run = async (call: () => Promise<KeysAnswer>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      setSecret(answer.data.secret);
      setNeedsSignIn(false);
      return answer.data.secret;
    } catch (err) {
      failed(err);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const toggle = async () => {
    if (shown) return setShown(false);
    if (secret || (await run(() => api.get<KeysAnswer>("/integrations")))) setShown(true);
  };
  const regenerate = async () => {
    setConfirming(false);
    if (await run(() => api.post<KeysAnswer>("/integrations/regenerate"))) {
      setShown(true);
      showToast({ message: t("keys.regenerated"), variant: "success" });
    }
  };
  const copyFailed = () => showToast({ message: t("keys.copyFailed"), variant: "error" });

  return (
    <Card data-slot="api-keys-card">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("keys.title")}</h2>
        </CardTitle>
        <CardDescription>{t("keys.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <span id="api-keys-account" className="text-sm font-medium">
            {t("keys.accountId")}
          </span>
          <div className="flex items-center gap-2">
            <code aria-labelledby="api-keys-account" className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
              {accountId}
            </code>
            <CopyButton value={accountId} label={t("keys.copyAccountId")} onCopied={() => showToast({ message: t("keys.accountIdCopied"), variant: "success" })} onCopyFailed={copyFailed} />
          </div>
        </div>
        <ApiSecretSection api={api} onSignInAgain={onSignInAgain} />
        <div className="flex flex-col gap-1 border-t pt-4">
          <span id="api-keys-secret" className="text-sm font-medium">
            {t("keys.secret")}
          </span>
          <div className="flex items-center gap-2">
            <code aria-labelledby="api-keys-secret" data-testid="api-secret" className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
              {shown && secret ? secret : <span aria-label={t("keys.hidden")}>{"•".repeat(24)}</span>}
            </code>
            <Button type="button" variant="ghost" size="icon" aria-label={shown ? t("keys.hide") : t("keys.show")} aria-pressed={shown} disabled={busy} onClick={() => void toggle()}>
              {shown ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
            </Button>
            {shown && secret ? (
              <CopyButton value={secret} label={t("keys.copySecret")} onCopied={() => showToast({ message: t("keys.secretCopied"), variant: "success" })} onCopyFailed={copyFailed} />
            ) : null}
          </div>
        </div>
        {needsSignIn ? <FreshSignInAlert message={t("keys.freshSignIn")} actionLabel={t("keys.signInAgain")} onSignInAgain={onSignInAgain} /> : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="button" variant="outline" className="h-auto max-w-full py-2 whitespace-normal" disabled={busy} onClick={() => setConfirming(true)}>
            <RefreshCwIcon aria-hidden="true" />
            {t("keys.regenerate")}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("keys.regenerateTitle")}
          message={t("keys.regenerateMessage")}
          confirmLabel={t("keys.regenerate")}
          destructive
          onConfirm={() => void regenerate()}
        />
      </CardContent>
    </Card>
  );
}
