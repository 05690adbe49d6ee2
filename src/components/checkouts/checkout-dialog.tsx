import * as React from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { ProductFormFooter, useDisableProduct } from "@/components/products/product-form-footer";
import { cartTotal, checkoutSchema, type CatalogItemDto, type CheckoutFormValues } from "@/lib/cart";
import { formatPrice } from "@/lib/zlink";
import { CheckoutItemsField } from "./checkout-items-field";
import { showSaveError, useCartMessages } from "./use-cart-messages";

export interface CheckoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "create" | "update";
  initial?: CheckoutFormValues;
  /** The merchant's enabled catalogue items to pick from. */
  items: CatalogItemDto[];
  onSubmit: (values: CheckoutFormValues) => Promise<void>;
  /** Disables the checkout for good (update mode), after the warning. */
  onDisable?: () => Promise<void>;
}

const FIELDS = ["label", "description", "lines", "quantitiesEditable"] as const;

/** Create/Update a zCart checkout: button label, description, items with quantities, and whether the payer may change them. */
export function CheckoutDialog({ open, onOpenChange, mode, initial, items, onSubmit, onDisable }: CheckoutDialogProps) {
  const { t, i18n } = useTranslation("checkouts");
  const messages = useCartMessages();
  const currencyOf = React.useMemo(() => new Map(items.map((i) => [i._id, i.currency])), [items]);
  const schema = React.useMemo(() => checkoutSchema({ messages, itemCurrency: (id) => currencyOf.get(id) }), [messages, currencyOf]);
  const form = useForm<CheckoutFormValues>({
    resolver: yupResolver(schema),
    mode: "all",
    defaultValues: initial ?? { label: "", description: "", lines: [], quantitiesEditable: false },
  });
  const { disabling, disable } = useDisableProduct(onDisable, t("toasts.notSaved"));
  const { isValid, isSubmitting, errors } = form.formState;
  const lines = useWatch({ control: form.control, name: "lines" });

  const priced = lines.flatMap((l) => {
    const item = items.find((i) => i._id === l.itemId);
    return item && Number.isInteger(l.quantity) && l.quantity > 0 ? [{ itemId: l.itemId, unitPrice: item.price, quantity: l.quantity, currency: item.currency }] : [];
  });
  const currencies = new Set(priced.map((p) => p.currency));
  const total = priced.length > 0 && currencies.size === 1 ? formatPrice(cartTotal(priced), priced[0].currency, i18n.language) : "—";

  const quantityErrors = Object.fromEntries(lines.map((l, i) => [l.itemId, errors.lines?.[i]?.quantity?.message]));
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      showSaveError(err, FIELDS, (name, message) => form.setError(name as "lines", { message }), t("toasts.notSaved"));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !(isSubmitting || disabling) && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{mode === "create" ? t("checkoutForm.createTitle") : t("checkoutForm.updateTitle")}</DialogTitle>
          <DialogDescription>{t("checkoutForm.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
            <FormField
              control={form.control}
              name="label"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("checkoutForm.label")}</FormLabel>
                  <FormControl>
                    <Input maxLength={200} autoComplete="off" {...field} />
                  </FormControl>
                  <FormDescription>{t("checkoutForm.labelHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("checkoutForm.desc")}</FormLabel>
                  <FormControl>
                    <Textarea rows={2} {...field} />
                  </FormControl>
                  <FormDescription>{t("checkoutForm.descHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Controller
              control={form.control}
              name="lines"
              render={({ field }) => (
                <CheckoutItemsField
                  items={items}
                  lines={field.value}
                  onChange={(next) => form.setValue("lines", next, { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
                  onBlur={field.onBlur}
                  error={linesError}
                  quantityErrors={quantityErrors}
                />
              )}
            />
            <p className="flex items-center justify-between text-sm">
              <span className="text-muted-foreground">{t("checkoutForm.itemsHint")}</span>
              <span className="font-semibold" aria-live="polite">
                {t("checkoutForm.total", { amount: total })}
              </span>
            </p>
            <Controller
              control={form.control}
              name="quantitiesEditable"
              render={({ field }) => (
                <div className="flex items-start gap-3">
                  <Switch id="checkout-editable" checked={field.value} onCheckedChange={field.onChange} aria-describedby="checkout-editable-hint" />
                  <div className="grid gap-1">
                    <label htmlFor="checkout-editable" className="text-sm leading-none font-medium">
                      {t("checkoutForm.editable")}
                    </label>
                    <p id="checkout-editable-hint" className="text-sm text-muted-foreground">
                      {t("checkoutForm.editableHint")}
                    </p>
                  </div>
                </div>
              )}
            />
            <ProductFormFooter
              mode={mode}
              onDisable={mode === "update" ? disable : undefined}
              isValid={isValid}
              isSubmitting={isSubmitting}
              disabling={disabling}
              labels={{ create: t("checkoutForm.create"), update: t("checkoutForm.update"), saving: t("checkoutForm.saving"), disable: t("checkoutForm.disable") }}
              confirm={{ title: t("disableCheckout.title"), message: t("disableCheckout.message"), confirmLabel: t("disableCheckout.confirm") }}
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
