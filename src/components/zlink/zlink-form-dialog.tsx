import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { AmountCurrencyFields } from "@/components/products/amount-currency-fields";
import { ProductFormFooter, useDisableProduct } from "@/components/products/product-form-footer";
import { ApiRequestError } from "@/lib/api-client";
import { ZLINK_DEFAULT_LABEL, ZLINK_MESSAGES, isBelowMinimum, zlinkSchema, type ZLinkFormValues, type ZLinkMessages } from "@/lib/zlink";
import { showToast } from "@/stores/toasts";

export interface ZLinkFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Create a new zLink, or update `initial`. */
  mode: "create" | "update";
  /** The zLink being edited (update mode). */
  initial?: ZLinkFormValues;
  /** Currencies to offer: the billing currency and USDC (`zlinkCurrencies`). */
  currencies: string[];
  /** Shown in the website message, e.g. "https://example.com". */
  exampleHost: string;
  /** Saves; rejects with the server's ApiRequestError to keep the dialog open. */
  onSubmit: (values: ZLinkFormValues) => Promise<void>;
  /** Disables the zLink for good (update mode), after the warning. */
  onDisable?: () => Promise<void>;
}

const FIELDS = new Set<keyof ZLinkFormValues>(["label", "desc", "site", "price", "currency"]);

/** The zLink messages in the reader's language, for the shared schema. */
function useZLinkMessages(): ZLinkMessages {
  const { t } = useTranslation("zlink");
  return React.useMemo(
    () => Object.fromEntries(Object.keys(ZLINK_MESSAGES).map((k) => [k, t(`validation.${k}`)])) as ZLinkMessages,
    [t],
  );
}

/**
 * Create/Update zLink (SPEC §2, §5): Title (defaults to "Pay Now"), Description, Website,
 * Amount with its currency. Validates on every event; Create/Update stays disabled while the form
 * is invalid or saving; under 0.1 the submit stops with a toast. Update mode adds Disable.
 */
export function ZLinkFormDialog({ open, onOpenChange, mode, initial, currencies, exampleHost, onSubmit, onDisable }: ZLinkFormDialogProps) {
  const { t } = useTranslation("zlink");
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{mode === "create" ? t("form.createTitle") : t("form.updateTitle")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        <ZLinkForm
          mode={mode}
          initial={initial}
          currencies={currencies}
          exampleHost={exampleHost}
          onSubmit={onSubmit}
          onDisable={onDisable}
          onBusyChange={setBusy}
        />
      </DialogContent>
    </Dialog>
  );
}

function ZLinkForm({
  mode,
  initial,
  currencies,
  exampleHost,
  onSubmit,
  onDisable,
  onBusyChange,
}: Omit<ZLinkFormDialogProps, "open" | "onOpenChange"> & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation("zlink");
  const messages = useZLinkMessages();
  const schema = React.useMemo(() => zlinkSchema({ messages, exampleHost, currencies }), [messages, exampleHost, currencies]);
  const form = useForm<ZLinkFormValues>({
    resolver: yupResolver(schema),
    mode: "all",
    defaultValues: initial ?? { label: ZLINK_DEFAULT_LABEL, desc: "", site: "", price: "", currency: currencies[0] ?? "USD" },
  });
  const { disabling, disable } = useDisableProduct(onDisable, t("toasts.notSaved"));
  const { isValid, isSubmitting } = form.formState;
  React.useEffect(() => onBusyChange(isSubmitting || disabling), [isSubmitting, disabling, onBusyChange]);

  const submit = form.handleSubmit(async (values) => {
    if (isBelowMinimum(values.price)) {
      showToast({ message: messages.amountMinimum, variant: "error" });
      return;
    }
    try {
      await onSubmit(values);
    } catch (err) {
      showSaveError(err, form.setError, t, messages);
    }
  });


  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
        <FormField
          control={form.control}
          name="label"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.label")}</FormLabel>
              <FormControl>
                <Input maxLength={200} {...field} />
              </FormControl>
              <FormDescription>{t("form.labelHint")}</FormDescription>
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
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormDescription>{t("form.descHint")}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="site"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.site")}</FormLabel>
              <FormControl>
                <Input type="url" inputMode="url" placeholder={exampleHost} autoComplete="url" {...field} />
              </FormControl>
              <FormDescription>{t("form.siteHint")}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <AmountCurrencyFields amountLabel={t("form.amount")} currencyLabel={t("form.currency")} currencies={currencies} />
        <ProductFormFooter
          mode={mode}
          onDisable={mode === "update" ? disable : undefined}
          isValid={isValid}
          isSubmitting={isSubmitting}
          disabling={disabling}
          labels={{ create: t("form.create"), update: t("form.update"), saving: t("form.saving"), disable: t("form.disable") }}
          confirm={{ title: t("disable.title"), message: t("disable.message"), confirmLabel: t("disable.confirm") }}
        />
      </form>
    </Form>
  );
}

/** Puts the server's field issues on the fields; otherwise one toast (SPEC §8 'Payment Link not saved…'). */
function showSaveError(
  err: unknown,
  setError: (name: keyof ZLinkFormValues, error: { message: string }) => void,
  t: (key: string) => string,
  messages: ZLinkMessages,
) {
  if (!(err instanceof ApiRequestError)) {
    showToast({ message: t("toasts.notSaved"), variant: "error" });
    return;
  }
  if (err.code === "amount_too_small") {
    showToast({ message: messages.amountMinimum, variant: "error" });
    return;
  }
  const fieldIssues = (err.issues ?? []).filter((i) => FIELDS.has(i.path as keyof ZLinkFormValues));
  if (err.status === 400 && fieldIssues.length > 0) {
    for (const issue of fieldIssues) setError(issue.path as keyof ZLinkFormValues, { message: issue.message });
    return;
  }
  const shownAsIs = err.status >= 400 && err.status < 500;
  showToast({ message: shownAsIs ? err.message : t("toasts.notSaved"), variant: "error" });
}
