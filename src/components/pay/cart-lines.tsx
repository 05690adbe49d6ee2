import { MinusIcon, PlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MAX_CART_QUANTITY, type CartLine } from "@/lib/pay-api";
import { cartHasItems, cartLineAmount, cartTotal, clampQuantity, quantityOf, type CartQuantities } from "@/lib/pay-cart";

export interface CartLinesProps {
  lines: CartLine[];
  quantities?: CartQuantities;
  /** Formats a decimal amount in the cart's currency. */
  money: (amount: string) => string;
  /** Given when the payer may change the quantities (the steppers show); without it the quantities are fixed. */
  onQuantity?: (itemId: string, quantity: number) => void;
}

/** A quantity stepper: − / field / +, 0..MAX_CART_QUANTITY, each control named after the item. */
function Stepper({ line, quantity, onQuantity }: { line: CartLine; quantity: number; onQuantity: (itemId: string, quantity: number) => void }) {
  const { t } = useTranslation("pay");
  const set = (q: number) => onQuantity(line.itemId, clampQuantity(q));
  return (
    <div role="group" aria-label={t("cart.quantityOf", { name: line.name })} className="flex items-center gap-1">
      <Button type="button" variant="outline" size="icon" className="size-8" aria-label={t("cart.decrease", { name: line.name })} disabled={quantity <= 0} onClick={() => set(quantity - 1)}>
        <MinusIcon aria-hidden="true" />
      </Button>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_CART_QUANTITY}
        step={1}
        value={quantity}
        aria-label={t("cart.quantityOf", { name: line.name })}
        className="h-8 w-14 text-center tabular-nums"
        onChange={(e) => set(Number(e.target.value))}
      />
      <Button type="button" variant="outline" size="icon" className="size-8" aria-label={t("cart.increase", { name: line.name })} disabled={quantity >= MAX_CART_QUANTITY} onClick={() => set(quantity + 1)}>
        <PlusIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

/** A zCart's lines (image, name, unit price, quantity, line amount) and the total, live as the payer changes quantities. */
export function CartLines({ lines, quantities, money, onQuantity }: CartLinesProps) {
  const { t } = useTranslation("pay");
  const empty = !cartHasItems(lines, quantities);
  return (
    <div data-slot="cart-lines" className="grid min-w-0 gap-3">
      <ul aria-label={t("cart.title")} className="grid min-w-0 gap-3">
        {lines.map((line) => {
          const quantity = quantityOf(line, quantities);
          return (
            <li key={line.itemId} className="grid min-w-0 gap-2">
              <div className="flex min-w-0 items-start gap-3">
                {line.imageUrl ? <img src={line.imageUrl} alt="" width={48} height={48} className="size-12 shrink-0 rounded-md border object-cover" /> : null}
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="font-medium break-words">{line.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {onQuantity ? t("cart.unitPrice", { price: money(line.unitPrice) }) : t("cart.priceTimes", { price: money(line.unitPrice), quantity })}
                  </p>
                </div>
                <p className="shrink-0 text-sm font-medium tabular-nums">{money(cartLineAmount(line.unitPrice, quantity))}</p>
              </div>
              {onQuantity ? <Stepper line={line} quantity={quantity} onQuantity={onQuantity} /> : null}
            </li>
          );
        })}
      </ul>
      <p className="flex justify-between border-t pt-2 text-sm font-semibold" aria-live="polite">
        <span>{t("cart.total")}</span>
        <span className="tabular-nums">{money(cartTotal(lines, quantities))}</span>
      </p>
      {empty ? (
        <p role="alert" className="text-sm text-destructive">
          {t("cart.empty")}
        </p>
      ) : null}
    </div>
  );
}
