import { useFormContext } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { CurrencySelect } from "./currency-select";

/** The two fields every priced product form names alike. */
interface PricedValues {
  price: string;
  currency: string;
}

export interface AmountCurrencyFieldsProps {
  /** "Amount" or "Price", in the product's own words. */
  amountLabel: string;
  currencyLabel: string;
  /** Currencies to offer: the billing currency and USDC (`zlinkCurrencies`). */
  currencies: string[];
}

/**
 * The amount with its currency side by side, for the product forms (zLink, zRequest, catalogue
 * item). Reads the form from the surrounding `<Form>`, whose values have `price` and `currency`.
 */
export function AmountCurrencyFields({ amountLabel, currencyLabel, currencies }: AmountCurrencyFieldsProps) {
  const { control } = useFormContext<PricedValues>();
  return (
    <div className="grid grid-cols-[1fr_auto] items-start gap-3">
      <FormField
        control={control}
        name="price"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{amountLabel}</FormLabel>
            <FormControl>
              <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="currency"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{currencyLabel}</FormLabel>
            <CurrencySelect className="min-w-28" value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} currencies={currencies} />
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
