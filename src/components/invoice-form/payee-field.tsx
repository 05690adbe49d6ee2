import * as React from "react";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { UserRoundIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import type { ApiClient } from "@/lib/api-client";
import type { CustomerDto } from "@/lib/invoice";
import type { InvoiceFormValues } from "@/lib/invoice-form";
import { PayeeDialog } from "./payee-dialog";

export type ChosenPayee = Pick<CustomerDto, "_id" | "name" | "email">;

/**
 * The form's payee (SPEC `client`): who is chosen, and a button opening Payee Information;
 * Select there sets the customer id. 'Required' shows once the merchant leaves it empty.
 */
export function PayeeField({ api, initial }: { api: ApiClient; initial?: ChosenPayee | null }) {
  const { t } = useTranslation("invoices");
  const { control, setValue, trigger } = useFormContext<InvoiceFormValues>();
  const [chosen, setChosen] = React.useState<ChosenPayee | null>(initial ?? null);
  const [open, setOpen] = React.useState(false);
  return (
    <FormField
      control={control}
      name="client"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("form.payee")}</FormLabel>
          <div className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
            <UserRoundIcon aria-hidden="true" className="size-5 text-muted-foreground" />
            <div className="min-w-0 flex-1 basis-36" data-testid="chosen-payee">
              {chosen && field.value === chosen._id ? (
                <>
                  <p className="truncate font-medium">{chosen.name}</p>
                  <p className="truncate text-sm text-muted-foreground">{chosen.email}</p>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{t("form.noPayee")}</p>
              )}
            </div>
            <Button type="button" variant="outline" size="sm" ref={field.ref} onClick={() => setOpen(true)}>
              {field.value ? t("form.changePayee") : t("form.choosePayee")}
            </Button>
          </div>
          <FormMessage />
          <PayeeDialog
            api={api}
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) field.onBlur();
            }}
            selectedId={field.value}
            onSelect={(customer) => {
              setChosen(customer);
              setValue("client", customer._id, { shouldDirty: true, shouldTouch: true });
              void trigger("client");
            }}
          />
        </FormItem>
      )}
    />
  );
}
