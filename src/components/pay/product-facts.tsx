import { useTranslation } from "react-i18next";
import { ExternalLink } from "@/components/ui/external-link";
import type { PayableProduct } from "@/lib/pay-api";

/** "2026-12-31" → "2026/12/31" (the due date as the invoice prints it). */
export const dueDateText = (isoDate: string) => isoDate.slice(0, 10).replaceAll("-", "/");

/** What a zRequest or an invoice adds under the product's name: whom it is for; the invoice's number, due date and page. */
export function ProductFacts({ product }: { product: PayableProduct }) {
  const { t } = useTranslation("pay");
  const { request, invoice } = product;
  if (!request && !invoice) return null;
  return (
    <div data-slot="product-facts" className="grid gap-1 text-sm">
      {request ? <p className="font-medium break-words">{t("facts.requestFor", { name: request.name })}</p> : null}
      {invoice ? (
        <>
          <p className="font-medium break-words">{t("facts.invoice", { number: invoice.number })}</p>
          <p className="text-muted-foreground">{t("facts.due", { date: dueDateText(invoice.paymentDueOn) })}</p>
          <ExternalLink href={invoice.url} variant="underlined" className="w-fit">
            {t("facts.viewInvoice")}
          </ExternalLink>
        </>
      ) : null}
    </div>
  );
}
