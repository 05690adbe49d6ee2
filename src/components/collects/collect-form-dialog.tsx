import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiRequestError } from "@/lib/api-client";
import { COLLECT_MESSAGES, collectSchema, type CollectFormValues, type CollectMessages } from "@/lib/collect";
import { showToast } from "@/stores/toasts";

export interface CollectFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "create" | "update";
  /** The zRequest being edited (update mode). */
  initial?: CollectFormValues;
  /** Currencies to offer: the billing currency and USDC (`collectCurrencies`). */
  currencies: string[];
  /** Saves; rejects with the server's ApiRequestError to keep the dialog open. */
  onSubmit: (values: CollectFormValues) => Promise<void>;
  /** Disables the zRequest for good (update mode), after the warning. */
  onDisable?: () => Promise<void>;
}

const FIELDS = new Set<string>(["name", "email", "desc", "price", "currency"]);

function useCollectMessages(): CollectMessages {
  const { t } = useTranslation("collects");
  return React.useMemo(() => Object.fromEntries(Object.keys(COLLECT_MESSAGES).map((k) => [k, t(`validation.${k}`)])) as CollectMessages, [t]);
}

/**
 * Create/Update Pay Request (SPEC §2, §5): Name, Email address, Your Message, Amount with its
 * currency. Validates on every event; the button stays disabled while the form is invalid or saving.
 */
export function CollectFormDialog({ open, onOpenChange, ...props }: CollectFormDialogProps) {
  const { t } = useTranslation("collects");
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{props.mode === "create" ? t("form.createTitle") : t("form.updateTitle")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        <CollectForm {...props} onBusyChange={setBusy} />
      </DialogContent>
    </Dialog>
  );
}

function CollectForm({
  mode,
  initial,
  currencies,
  onSubmit,
  onDisable,
  onBusyChange,
}: Omit<CollectFormDialogProps, "open" | "onOpenChange"> & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation("collects");
  const messages = useCollectMessages();
  const schema = React.useMemo(() => collectSchema({ messages, currencies }), [messages, currencies]);
  const form = useForm<CollectFormValues>({
    resolver: yupResolver(schema),
    mode: "all",
    defaultValues: initial ?? { name: "", email: "", desc: "", price: "", currency: currencies[0] ?? "USD", site: "" },
  });
  const [confirmDisable, setConfirmDisable] = React.useState(false);
  const [disabling, setDisabling] = React.useState(false);
  const { isValid, isSubmitting } = form.formState;
  React.useEffect(() => onBusyChange(isSubmitting || disabling), [isSubmitting, disabling, onBusyChange]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      showSaveError(err, form.setError, t);
    }
  });

  const disable = async () => {
    if (!onDisable) return;
    setDisabling(true);
    try {
      await onDisable();
    } catch (err) {
      showToast({ message: err instanceof ApiRequestError && err.status !== 0 && err.status < 500 ? err.message : t("toasts.notSaved"), variant: "error" });
    } finally {
      setDisabling(false);
    }
  };

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.name")}</FormLabel>
              <FormControl>
                <Input autoComplete="off" placeholder={t("form.namePlaceholder")} maxLength={200} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.email")}</FormLabel>
              <FormControl>
                <Input type="email" inputMode="email" autoComplete="off" placeholder="name@example.com" maxLength={300} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="desc"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.desc")}</FormLabel>
              <FormControl>
                <Textarea rows={3} placeholder={t("form.descPlaceholder")} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid grid-cols-[1fr_auto] items-start gap-3">
          <FormField
            control={form.control}
            name="price"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.amount")}</FormLabel>
                <FormControl>
                  <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="currency"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.currency")}</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="min-w-28" onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {currencies.map((c) => (
                      <SelectItem key={c} value={c}>
                        {c}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <DialogFooter className="sm:justify-between">
          {mode === "update" && onDisable ? (
            <Button type="button" variant="outline" className="text-destructive" disabled={isSubmitting || disabling} onClick={() => setConfirmDisable(true)}>
              {t("form.disable")}
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          <Button type="submit" disabled={!isValid || isSubmitting || disabling}>
            {isSubmitting ? t("form.saving") : mode === "create" ? t("form.create") : t("form.update")}
          </Button>
        </DialogFooter>
      </form>
      <ConfirmDialog
        open={confirmDisable}
        onOpenChange={setConfirmDisable}
        title={t("disable.title")}
        message={t("disable.message")}
        confirmLabel={t("disable.confirm")}
        destructive
        onConfirm={() => void disable()}
      />
    </Form>
  );
}

/** Puts the server's field issues on the fields; otherwise one toast. */
function showSaveError(err: unknown, setError: (name: keyof CollectFormValues, error: { message: string }) => void, t: (key: string) => string) {
  if (!(err instanceof ApiRequestError)) {
    showToast({ message: t("toasts.notSaved"), variant: "error" });
    return;
  }
  const fieldIssues = (err.issues ?? []).filter((i) => FIELDS.has(i.path));
  if (err.status === 400 && fieldIssues.length > 0) {
    for (const issue of fieldIssues) setError(issue.path as keyof CollectFormValues, { message: issue.message });
    return;
  }
  const shownAsIs = err.status >= 400 && err.status < 500;
  showToast({ message: shownAsIs ? err.message : t("toasts.notSaved"), variant: "error" });
}
