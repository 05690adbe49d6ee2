import * as React from "react";
import { useForm } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiRequestError } from "@/lib/api-client";
import type { CustomerInput } from "@/lib/invoice";
import { INVOICE_NOTICES, customerSchema, emptyCustomer } from "@/lib/invoice-form";
import { showToast } from "@/stores/toasts";
import { useInvoiceMessages } from "./use-invoice-messages";

export type PayeeValues = Required<CustomerInput>;

export interface PayeeFormProps {
  /** The payee being edited; a new one when absent. */
  initial?: PayeeValues;
  /** Saves; rejects with the server's ApiRequestError to stay on the form. */
  onSubmit: (values: PayeeValues) => Promise<void>;
  onBack: () => void;
}

const TEXT_FIELDS = ["name", "email", "organisation"] as const;

/** Whether the server said the e-mail is taken (SPEC §8 'Customer already exists for this email address.'). */
export function isCustomerExists(err: unknown): boolean {
  return err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && (err.code === "customer_exists" || err.message === INVOICE_NOTICES.customerExists);
}

/**
 * The payee form (SPEC §5 Customer): name required, e-mail required and valid, address as two
 * text lines, organisation optional. Save stays off until the form is valid; Update also until a
 * field changed.
 */
export function PayeeForm({ initial, onSubmit, onBack }: PayeeFormProps) {
  const { t } = useTranslation("invoices");
  const messages = useInvoiceMessages();
  const schema = React.useMemo(() => customerSchema(messages), [messages]);
  const form = useForm<PayeeValues>({
    // The schema fills optional fields with "", so its output is the form's values.
    resolver: yupResolver(schema) as never,
    mode: "all",
    defaultValues: initial ?? emptyCustomer(),
  });
  const { isValid, isDirty, isSubmitting } = form.formState;
  const update = Boolean(initial);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (isCustomerExists(err)) showToast({ message: t("toasts.customerExists"), variant: "error" });
      else if (err instanceof ApiRequestError && err.status === 400 && err.issues?.length) {
        for (const issue of err.issues) form.setError(issue.path as keyof PayeeValues, { message: issue.message });
      } else showToast({ message: err instanceof ApiRequestError && err.status < 500 && err.status !== 0 ? err.message : t("toasts.notSaved"), variant: "error" });
    }
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
        {TEXT_FIELDS.map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t(`payees.${name}`)}</FormLabel>
                <FormControl>
                  <Input type={name === "email" ? "email" : "text"} autoComplete={name === "email" ? "email" : name === "name" ? "name" : "organization"} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("payees.address")}</legend>
          {[0, 1].map((i) => (
            <FormField
              key={i}
              control={form.control}
              name={`address.${i}`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="sr-only">{t("payees.addressLine", { index: i + 1 })}</FormLabel>
                  <FormControl>
                    <Input autoComplete={`address-line${i + 1}`} placeholder={t("payees.addressLine", { index: i + 1 })} {...field} value={field.value ?? ""} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ))}
        </fieldset>
        <div className="flex flex-wrap justify-between gap-2">
          <Button type="button" variant="outline" onClick={onBack}>
            {t("payees.back")}
          </Button>
          <Button type="submit" disabled={!isValid || isSubmitting || (update && !isDirty)}>
            {isSubmitting ? t("form.saving") : update ? t("payees.update") : t("payees.submit")}
          </Button>
        </div>
      </form>
    </Form>
  );
}
