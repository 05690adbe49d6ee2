import * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { CurrencySelect } from "@/components/products/currency-select";
import { Textarea } from "@/components/ui/textarea";
import { ProductFormFooter, useDisableProduct } from "@/components/products/product-form-footer";
import { ApiRequestError } from "@/lib/api-client";
import { DONATE_MESSAGES, donateSchema, type DonateFormValues, type DonateMessages } from "@/lib/donate";
import { showToast } from "@/stores/toasts";
import { SuggestedAmountsField } from "./suggested-amounts-field";

export interface DonateFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "create" | "update";
  /** The page being edited (update mode). */
  initial?: DonateFormValues;
  /** The billing currency and USDC (`zlinkCurrencies`). */
  currencies: string[];
  /** Shown in the website message, e.g. "https://example.com". */
  exampleHost: string;
  /** Saves; rejects with the server's ApiRequestError to keep the dialog open. */
  onSubmit: (values: DonateFormValues) => Promise<void>;
  /** Disables the page for good (update mode), after the warning. */
  onDisable?: () => Promise<void>;
}

const FIELDS = new Set(["label", "desc", "site", "currency", "suggestedAmounts"]);

function useDonateMessages(): DonateMessages {
  const { t } = useTranslation("donates");
  return React.useMemo(() => Object.fromEntries(Object.keys(DONATE_MESSAGES).map((k) => [k, t(`validation.${k}`)])) as DonateMessages, [t]);
}

/**
 * Create/Update a donation page: Title, Description, Website, Currency and the suggested amounts.
 * Validates on every event with the server's schema; Create/Update waits for a valid form.
 * Update mode adds Disable, after a warning.
 */
export function DonateFormDialog({ open, onOpenChange, mode, ...rest }: DonateFormDialogProps) {
  const { t } = useTranslation("donates");
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{mode === "create" ? t("form.createTitle") : t("form.updateTitle")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        <DonateForm mode={mode} {...rest} onBusyChange={setBusy} />
      </DialogContent>
    </Dialog>
  );
}

function DonateForm({
  mode,
  initial,
  currencies,
  exampleHost,
  onSubmit,
  onDisable,
  onBusyChange,
}: Omit<DonateFormDialogProps, "open" | "onOpenChange"> & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation("donates");
  const messages = useDonateMessages();
  const schema = React.useMemo(() => donateSchema({ messages, exampleHost, currencies }), [messages, exampleHost, currencies]);
  const form = useForm<DonateFormValues>({
    resolver: yupResolver(schema),
    mode: "all",
    defaultValues: initial ?? { label: "", desc: "", site: "", currency: currencies[0] ?? "USD", suggestedAmounts: ["5", "10", "25"] },
  });
  const currency = useWatch({ control: form.control, name: "currency" });
  const { disabling, disable } = useDisableProduct(onDisable, t("toasts.notSaved"));
  const { isValid, isSubmitting } = form.formState;
  React.useEffect(() => onBusyChange(isSubmitting || disabling), [isSubmitting, disabling, onBusyChange]);
  // Decimals depend on the currency: check the amounts again when it changes.
  React.useEffect(() => {
    if (form.formState.isDirty) void form.trigger("suggestedAmounts");
  }, [currency, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      showSaveError(err, (name, message) => form.setError(name as keyof DonateFormValues, { message }), t);
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
                <Textarea rows={2} {...field} />
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
        <FormField
          control={form.control}
          name="currency"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("form.currency")}</FormLabel>
              <CurrencySelect className="w-40" value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} currencies={currencies} />
              <FormMessage />
            </FormItem>
          )}
        />
        <SuggestedAmountsField currency={currency} />
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

/** Puts the server's field issues on the fields (`suggestedAmounts[1]` → the second amount); otherwise one toast. */
function showSaveError(err: unknown, setError: (name: string, message: string) => void, t: (key: string) => string) {
  if (!(err instanceof ApiRequestError)) {
    showToast({ message: t("toasts.notSaved"), variant: "error" });
    return;
  }
  const fieldIssues = (err.issues ?? [])
    .map((i) => ({ ...i, path: i.path.replace(/\[(\d+)\]/g, ".$1") }))
    .filter((i) => FIELDS.has(i.path.split(".")[0]));
  if (err.status === 400 && fieldIssues.length > 0) {
    for (const issue of fieldIssues) setError(issue.path, issue.message);
    return;
  }
  showToast({ message: err.status >= 400 && err.status < 500 ? err.message : t("toasts.notSaved"), variant: "error" });
}
