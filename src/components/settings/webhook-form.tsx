import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { FreshSignInAlert } from "@/components/session/fresh-sign-in-alert";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { webhookFormSchema, webhookFormValues, type WebhookSettingsDto, type WebhookFormValues } from "@/lib/webhook-settings";
import { $session } from "@/stores/session";
import { showToast } from "@/stores/toasts";
import { clearWebhookDraft, keepWebhookDraft, readWebhookDraft, WEBHOOK_DRAFT_FIELDS } from "@/stores/webhook-draft";

const FIELDS: { name: keyof WebhookFormValues; type?: string; placeholder?: string; hint?: boolean }[] = [
  // Placeholders stay bare: an example URL in grey reads like a saved value.
  { name: "endpoint", type: "url", placeholder: "https://", hint: true },
  { name: "callback", type: "url", placeholder: "https://", hint: true },
  { name: "shopify_store" },
  { name: "shopify_secret", type: "password" },
];

export interface WebhookFormProps {
  api: ApiClient;
  settings: WebhookSettingsDto | null;
  onSaved: (s: WebhookSettingsDto) => void;
  /** Sends the merchant to sign in again (and back) when the server wants a recent sign-in to save. */
  onSignInAgain?: () => void;
}

/**
 * SPEC §4 Security: the webhook endpoint, the redirect (callback) URL and the e-commerce platform
 * fields; 'Valid API endpoint is required' and 'Callback URL' on bad URLs (the server's answer
 * shown on its field), 'Updated successfully' once saved. The save answers the signing secret, so
 * an old session is refused: then, like the API keys card, the form offers to sign in again.
 * What was typed survives that round trip (the store secret excepted, see webhook-draft.ts): the
 * form comes back holding it, says so, and the merchant saves.
 */
export function WebhookForm({ api, settings, onSaved, onSignInAgain }: WebhookFormProps) {
  const { t } = useTranslation("security");
  const schema = React.useMemo(() => webhookFormSchema({ endpoint: t("errors.endpoint"), callback: t("errors.callback") }), [t]);
  const form = useForm<WebhookFormValues>({ defaultValues: webhookFormValues(settings), resolver: yupResolver(schema) as never });
  const [needsSignIn, setNeedsSignIn] = React.useState(false);
  // A draft kept when the merchant left to sign in again: read while rendering, restored once mounted.
  const [draft] = React.useState(() => {
    const owner = $session.get()?._id;
    return owner ? readWebhookDraft(owner) : null;
  });
  React.useEffect(() => {
    clearWebhookDraft();
    if (!draft) return;
    for (const name of WEBHOOK_DRAFT_FIELDS) form.setValue(name, draft.values[name], { shouldDirty: true });
  }, [draft, form]);
  /** Whether to say the draft came back (until it is saved). */
  const [restored, setRestored] = React.useState(draft !== null);

  const signInAgain = React.useMemo(
    () =>
      onSignInAgain &&
      (() => {
        const owner = $session.get()?._id;
        const values = form.getValues();
        // Only whether a new store secret was typed is kept, never its text.
        if (owner) keepWebhookDraft(values, owner, values.shopify_secret !== (form.formState.defaultValues?.shopify_secret ?? ""));
        onSignInAgain();
      }),
    [form, onSignInAgain],
  );

  const save = form.handleSubmit(async (values) => {
    try {
      const res = await api.post<{ data: WebhookSettingsDto }>("/integrations", values);
      setNeedsSignIn(false);
      setRestored(false);
      form.reset(webhookFormValues(res.data));
      onSaved(res.data);
      showToast({ message: t("saved"), variant: "success" });
    } catch (err) {
      if (err instanceof ApiRequestError && err.needsFreshSignIn && signInAgain) return setNeedsSignIn(true);
      const issues = err instanceof ApiRequestError && err.status === 400 ? (err.issues ?? []) : [];
      // The server refuses a URL field with the SPEC text in English (e.g. a loopback endpoint);
      // the form says the same in the merchant's language.
      for (const issue of issues) {
        const field = issue.path as keyof WebhookFormValues;
        form.setError(field, { message: field === "endpoint" || field === "callback" ? t(`errors.${field}`) : issue.message });
      }
      if (issues.length === 0) showToast({ message: err instanceof Error ? err.message : t("saveFailed"), variant: "error" });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={save} noValidate>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t("webhook.title")}</h2>
            </CardTitle>
            <CardDescription>{t("webhook.intro")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {FIELDS.map((f) => (
              <FormField
                key={f.name}
                control={form.control}
                name={f.name}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t(`webhook.${f.name}`)}</FormLabel>
                    <FormControl>
                      <Input type={f.type ?? "text"} placeholder={f.placeholder} autoComplete="off" spellCheck={false} {...field} />
                    </FormControl>
                    {f.hint ? <FormDescription>{t(`webhook.${f.name}Hint`)}</FormDescription> : null}
                    <FormMessage />
                  </FormItem>
                )}
              />
            ))}
            {draft && restored && !needsSignIn ? (
              <p role="status" className="text-sm text-muted-foreground">
                {draft.secretTyped ? t("webhook.draftRestoredSecret") : t("webhook.draftRestored")}
              </p>
            ) : null}
            {needsSignIn && signInAgain ? <FreshSignInAlert message={t("webhook.freshSignIn")} actionLabel={t("webhook.signInAgain")} onSignInAgain={signInAgain} /> : null}
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
              {form.formState.isSubmitting ? t("webhook.saving") : t("webhook.save")}
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}
