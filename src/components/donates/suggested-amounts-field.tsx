import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { DONATE_MAX_SUGGESTED, type DonateFormValues } from "@/lib/donate";

/**
 * The suggested amounts editor: 1 to 6 amount fields, each with its own message, an Add button
 * (hidden at 6) and a Remove button per field (not on the last one left).
 */
export function SuggestedAmountsField({ currency }: { currency: string }) {
  const { t } = useTranslation("donates");
  const form = useFormContext<DonateFormValues>();
  const amounts = useWatch({ control: form.control, name: "suggestedAmounts" }) ?? [];
  const listError = form.formState.errors.suggestedAmounts;
  const listMessage = listError?.message ?? listError?.root?.message;
  const set = (next: string[]) => form.setValue("suggestedAmounts", next, { shouldValidate: true, shouldDirty: true, shouldTouch: true });

  return (
    <fieldset className="grid gap-2" aria-describedby="donate-amounts-hint">
      <legend className="mb-1 text-sm font-medium">{t("form.amounts")}</legend>
      <p id="donate-amounts-hint" className="text-sm text-muted-foreground">
        {t("form.amountsHint")}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {amounts.map((_, i) => (
          <FormField
            key={i}
            control={form.control}
            name={`suggestedAmounts.${i}`}
            render={({ field }) => (
              <FormItem className="gap-1">
                <FormLabel className="sr-only">{t("form.amountN", { n: i + 1 })}</FormLabel>
                <div className="flex items-center gap-2">
                  <FormControl>
                    <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...field} />
                  </FormControl>
                  <span className="text-sm text-muted-foreground">{currency}</span>
                  {amounts.length > 1 ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t("form.removeAmount", { n: i + 1 })}
                      onClick={() => set(amounts.filter((__, j) => j !== i))}
                    >
                      <XIcon aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
      </div>
      {listMessage ? (
        <p role="alert" className="text-sm text-destructive">
          {listMessage}
        </p>
      ) : null}
      {amounts.length < DONATE_MAX_SUGGESTED ? (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => set([...amounts, ""])}>
          <PlusIcon aria-hidden="true" />
          {t("form.addAmount")}
        </Button>
      ) : null}
    </fieldset>
  );
}
