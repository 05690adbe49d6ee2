import { Loader2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import type { PayableProduct } from "@/lib/pay-api";
import { cn } from "@/lib/utils";
import { chainsOfFamily, payFamilies, type PayFamily, type PayOption } from "./pay-option";

export interface PayMethodChooserProps {
  product: PayableProduct;
  /** The family whose wallet code runs now. */
  family: PayFamily;
  option: PayOption;
  /** The family being loaded after the payer picked it (its button shows a spinner). */
  pendingFamily?: PayFamily | null;
  onPickFamily?: (family: PayFamily) => void;
  onSelectOption: (choice: { chainId?: number; token?: string }) => void;
  /** While a payment starts nothing can change. */
  disabled?: boolean;
}

interface Choice {
  value: string;
  label: string;
}

/** One row of pill-shaped radio buttons under a legend: native radios, so keys and screen readers work as usual. */
function ChoiceRow({ name, legend, choices, value, onChange, disabled, busyValue }: { name: string; legend: string; choices: Choice[]; value: string; onChange: (value: string) => void; disabled?: boolean; busyValue?: string }) {
  return (
    <fieldset data-slot="pay-choice" className="grid gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-xs font-medium text-muted-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "relative inline-flex h-9 min-w-16 cursor-pointer items-center justify-center gap-1.5 rounded-md border bg-background px-3 text-sm font-medium transition-colors",
              "has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
              "has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
            )}
          >
            {/* Invisible but laid over its pill: a click or tap lands on the radio itself. */}
            <input type="radio" className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed" name={name} value={choice.value} checked={choice.value === value} onChange={() => onChange(choice.value)} />
            {busyValue === choice.value ? <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * How the payer pays: the chain family (Solana or EVM; picking one loads its wallet code), then
 * the network and the token among the product's options. A row with a single choice is left out.
 */
export function PayMethodChooser({ product, family, option, pendingFamily, onPickFamily, onSelectOption, disabled = false }: PayMethodChooserProps) {
  const { t } = useTranslation("pay");
  const families = payFamilies(product);
  const chains = chainsOfFamily(product, family);
  const tokens = chains.find((c) => c.chainId === option.chainId)?.tokens ?? [];
  if (families.length < 2 && chains.length < 2 && tokens.length < 2) return null;
  return (
    <Card data-slot="pay-method-chooser" role="group" aria-label={t("method.title")} className="gap-4 px-5 py-4">
      {families.length > 1 && onPickFamily ? (
        <ChoiceRow
          name="pay-family"
          legend={t("method.family")}
          choices={families.map((f) => ({ value: f, label: t(`families.${f}`) }))}
          value={pendingFamily ?? family}
          busyValue={pendingFamily ?? undefined}
          disabled={disabled || Boolean(pendingFamily)}
          onChange={(value) => onPickFamily(value as PayFamily)}
        />
      ) : null}
      {chains.length > 1 ? (
        <ChoiceRow
          name="pay-chain"
          legend={t("method.network")}
          choices={chains.map((c) => ({ value: String(c.chainId), label: c.chainName }))}
          value={String(option.chainId)}
          disabled={disabled}
          onChange={(value) => onSelectOption({ chainId: Number(value) })}
        />
      ) : null}
      {tokens.length > 1 ? (
        <ChoiceRow
          name="pay-token"
          legend={t("method.token")}
          choices={tokens.map((tk) => ({ value: tk.symbol, label: tk.symbol }))}
          value={option.token.symbol}
          disabled={disabled}
          onChange={(value) => onSelectOption({ token: value })}
        />
      ) : null}
    </Card>
  );
}
