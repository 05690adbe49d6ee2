import { useTranslation } from "react-i18next";
import { FormControl } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { currencyOptionLabel } from "@/lib/currency-names";
import { cn } from "@/lib/utils";

export interface CurrencySelectProps {
  value: string;
  onValueChange: (currency: string) => void;
  onBlur?: () => void;
  /** Codes to offer, in order (the billing currency and USDC, or an invoice's list). */
  currencies: string[];
  /** The trigger's width in its form ("min-w-28", "w-full", "w-40"). */
  className?: string;
}

/**
 * The currency choice of every product form (zLink, zRequest, zInvoice, catalogue item, donation
 * page), inside a `FormItem`. The list names each currency in the reader's language ("EUR —
 * euro"); the closed trigger keeps the code alone, so the amount beside it keeps its width.
 */
export function CurrencySelect({ value, onValueChange, onBlur, currencies, className }: CurrencySelectProps) {
  const { i18n } = useTranslation();
  return (
    <Select value={value} onValueChange={onValueChange}>
      <FormControl>
        <SelectTrigger className={cn(className)} onBlur={onBlur}>
          <SelectValue>{value}</SelectValue>
        </SelectTrigger>
      </FormControl>
      <SelectContent>
        {currencies.map((c) => (
          <SelectItem key={c} value={c}>
            {currencyOptionLabel(c, i18n.language)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
