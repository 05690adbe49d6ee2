import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { AmountCurrencyFields } from "@/components/products/amount-currency-fields";
import { ProductFormFooter, useDisableProduct } from "@/components/products/product-form-footer";
import { ApiRequestError } from "@/lib/api-client";
import { COLLECT_MESSAGES, collectSchema, type CollectFormValues, type CollectMessages } from "@/lib/collect";
import type { CollectMailOutcome } from "@/lib/collect-mail";
import { showToast } from "@/stores/toasts";
import { CollectMailResult, type CollectMailResultProps } from "./collect-mail-result";

export interface CollectFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "create" | "update";
  /** The zRequest being edited (update mode). */
  initial?: CollectFormValues;
  /** Currencies to offer: the billing currency and USDC (`collectCurrencies`). */
  currencies: string[];
  /**
   * Saves; rejects with the server's ApiRequestError to keep the dialog open. An edit that changed
   * what the payer was e-mailed resolves with what became of their new e-mail: the dialog then
   * shows it in place of the form until closed.
   */
  onSubmit: (values: CollectFormValues) => Promise<CollectMailOutcome | void>;
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
export function CollectFormDialog({ open, onOpenChange, onSubmit, ...props }: CollectFormDialogProps) {
  const { t } = useTranslation("collects");
  const [busy, setBusy] = React.useState(false);
  const [result, setResult] = React.useState<Omit<CollectMailResultProps, "onClose"> | null>(null);
  const submit = async (values: CollectFormValues) => {
    const outcome = await onSubmit(values);
    if (outcome && outcome.status !== "unchanged") setResult({ outcome, amount: values.price, currency: values.currency });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{props.mode === "create" ? t("form.createTitle") : t("form.updateTitle")}</DialogTitle>
          <DialogDescription>{result ? t("mailResult.description") : t("form.description")}</DialogDescription>
        </DialogHeader>
        {result ? <CollectMailResult {...result} onClose={() => onOpenChange(false)} /> : <CollectForm {...props} onSubmit={submit} onBusyChange={setBusy} />}
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
  const { disabling, disable } = useDisableProduct(onDisable, t("toasts.notSaved"));
  const { isValid, isSubmitting } = form.formState;
  React.useEffect(() => onBusyChange(isSubmitting || disabling), [isSubmitting, disabling, onBusyChange]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      showSaveError(err, form.setError, t);
    }
  });


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
