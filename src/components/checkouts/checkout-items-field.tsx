import { useTranslation } from "react-i18next";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import type { CatalogItemDto, CheckoutFormLine } from "@/lib/cart";
import { formatPrice } from "@/lib/zlink";
import { ItemThumbnail } from "./catalog-table";

export interface CheckoutItemsFieldProps {
  /** The merchant's enabled catalogue items. */
  items: CatalogItemDto[];
  lines: CheckoutFormLine[];
  onChange: (lines: CheckoutFormLine[]) => void;
  onBlur?: () => void;
  /** The list's own message (no item, mixed currencies…) and each line's quantity message by item id. */
  error?: string;
  quantityErrors?: Record<string, string | undefined>;
  describedBy?: string;
}

/** Picks catalogue items for a checkout, each with its quantity (1..99). */
export function CheckoutItemsField({ items, lines, onChange, onBlur, error, quantityErrors = {}, describedBy }: CheckoutItemsFieldProps) {
  const { t, i18n } = useTranslation("checkouts");
  const lineOf = (itemId: string) => lines.find((l) => l.itemId === itemId);
  const toggle = (itemId: string, on: boolean) =>
    onChange(on ? [...lines, { itemId, quantity: 1 }] : lines.filter((l) => l.itemId !== itemId));
  const setQuantity = (itemId: string, text: string) =>
    onChange(lines.map((l) => (l.itemId === itemId ? { ...l, quantity: text.trim() === "" ? Number.NaN : Number(text) } : l)));

  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">{t("checkoutForm.items")}</legend>
      <ul className="grid max-h-72 gap-2 overflow-y-auto">
        {items.map((item) => {
          const line = lineOf(item._id);
          const quantityError = quantityErrors[item._id];
          const qtyId = `qty-${item._id}`;
          return (
            <li key={item._id} className="flex flex-wrap items-center gap-3 rounded-md border p-2">
              <Checkbox
                checked={Boolean(line)}
                onCheckedChange={(on) => toggle(item._id, on === true)}
                onBlur={onBlur}
                aria-label={t("checkoutForm.include", { name: item.name })}
              />
              <ItemThumbnail item={item} size={32} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium">{item.name}</span>
                <span className="text-xs text-muted-foreground">{formatPrice(item.price, item.currency, i18n.language)}</span>
              </span>
              {line ? (
                <span className="flex flex-col items-end gap-1">
                  <Input
                    id={qtyId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={99}
                    step={1}
                    className="w-20"
                    value={Number.isNaN(line.quantity) ? "" : String(line.quantity)}
                    aria-label={t("checkoutForm.quantityOf", { name: item.name })}
                    aria-invalid={quantityError ? true : undefined}
                    aria-describedby={quantityError ? `${qtyId}-error` : undefined}
                    onChange={(e) => setQuantity(item._id, e.target.value)}
                    onBlur={onBlur}
                  />
                  {quantityError ? (
                    <span id={`${qtyId}-error`} className="text-xs text-destructive">
                      {quantityError}
                    </span>
                  ) : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
