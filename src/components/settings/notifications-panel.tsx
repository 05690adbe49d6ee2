import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { CircleCheckIcon, MailIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { notificationSchema, type NotificationForm, type NotificationSettingsDto } from "@/lib/notifications";
import { showToast } from "@/stores/toasts";
import { useVerifyLink } from "./use-verify-link";

type Load = { status: "loading" } | { status: "error" } | { status: "ready"; settings: NotificationSettingsDto };

/**
 * SPEC §4 Settings → Notifications: e-mail me for every payment, the address, and its
 * verification (mails only go to an address its link proved). Opened from a verification mail
 * (`?verify=<token>`), it uses the token first.
 */
export function NotificationsPanel({ api }: { api: ApiClient }) {
  const { t } = useTranslation("notifications");
  const [load, setLoad] = React.useState<Load>({ status: "loading" });
  /** Reads the settings; the first load starts in "loading", a retry sets it (see `retry`). */
  const reload = React.useCallback(() => {
    api
      .get<{ data: NotificationSettingsDto }>("/profile/notification")
      .then((r) => setLoad({ status: "ready", settings: r.data }))
      .catch(() => setLoad({ status: "error" }));
  }, [api]);
  const verifying = useVerifyLink(api);
  React.useEffect(() => {
    if (!verifying) reload();
  }, [verifying, reload]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold tracking-tight">{t("title")}</h2>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {verifying || load.status === "loading" ? (
        <Spinner label={t(verifying ? "verifying" : "loading")} className="self-start" />
      ) : load.status === "error" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("loadFailed")}</span>
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
        <NotificationsForm api={api} settings={load.settings} onSaved={(settings) => setLoad({ status: "ready", settings })} />
      )}
    </div>
  );
}

function NotificationsForm({ api, settings, onSaved }: { api: ApiClient; settings: NotificationSettingsDto; onSaved: (s: NotificationSettingsDto) => void }) {
  const { t } = useTranslation("notifications");
  const schema = React.useMemo(() => notificationSchema({ emailRequired: t("errors.emailRequired"), emailInvalid: t("errors.emailInvalid") }), [t]);
  const form = useForm<NotificationForm>({
    defaultValues: { notificationEnabled: settings.notificationEnabled, email: settings.email ?? "" },
    resolver: yupResolver(schema) as never,
  });
  const [sending, setSending] = React.useState(false);

  const save = form.handleSubmit(async (values) => {
    try {
      const res = await api.post<{ data: NotificationSettingsDto }>("/profile/notification", values);
      form.reset({ notificationEnabled: res.data.notificationEnabled, email: res.data.email ?? "" });
      onSaved(res.data);
      showToast({ message: t("saved"), variant: "success" });
    } catch (err) {
      const issue = err instanceof ApiRequestError && err.status === 400 ? err.issues?.[0] : undefined;
      if (issue) form.setError("email", { message: issue.message });
      else showToast({ message: err instanceof Error ? err.message : t("saveFailed"), variant: "error" });
    }
  });

  const sendLink = async () => {
    setSending(true);
    try {
      await api.post("/request-email-verification");
      showToast({ message: t("linkSent", { email: settings.email }), variant: "success" });
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("saveFailed"), variant: "error" });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={save} noValidate>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t("cardTitle")}</h2>
            </CardTitle>
            <CardDescription>{t("cardIntro")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField
              control={form.control}
              name="notificationEnabled"
              render={({ field }) => (
                <FormItem className="flex flex-row items-center justify-between gap-4">
                  <div className="grid gap-1">
                    <FormLabel>{t("enabled")}</FormLabel>
                    <FormDescription>{t("enabledHint")}</FormDescription>
                  </div>
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} />
                  </FormControl>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("email")}</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" placeholder="you@example.com" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {settings.email ? <VerificationStatus settings={settings} sending={sending} onSend={sendLink} /> : null}
          </CardContent>
          <CardFooter>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {t("save")}
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}

/** Whether the address on file is verified, and the way to verify it. */
function VerificationStatus({ settings, sending, onSend }: { settings: NotificationSettingsDto; sending: boolean; onSend: () => void }) {
  const { t } = useTranslation("notifications");
  if (settings.emailVerified) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CircleCheckIcon aria-hidden="true" className="size-4 text-primary" />
        {t("verified", { email: settings.email })}
      </p>
    );
  }
  return (
    <div role="status" className="flex flex-col gap-3 rounded-md border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t("unverified", { email: settings.email })}</span>
      </p>
      <Button type="button" size="sm" variant="outline" onClick={onSend} disabled={sending}>
        {t("sendLink")}
      </Button>
    </div>
  );
}
