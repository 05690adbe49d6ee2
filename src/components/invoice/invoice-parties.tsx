import { useTranslation } from "react-i18next";
import type { PublicInvoiceDto } from "@/lib/invoice";

/** Bill From (the merchant, or the invoice's own From block) and Bill To (the payee as billed). */
export function InvoiceParties({ invoice }: { invoice: Pick<PublicInvoiceDto, "invoiceFrom" | "merchant" | "billTo"> }) {
  const { t } = useTranslation("invoices", { keyPrefix: "document" });
  const from = invoice.invoiceFrom;
  const profile = invoice.merchant.profile;
  const to = invoice.billTo;
  const place = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(", ");
  return (
    <div className="grid gap-6 sm:grid-cols-2" data-slot="invoice-parties">
      <section aria-labelledby="invoice-bill-from">
        <h2 id="invoice-bill-from" className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("billFrom")}
        </h2>
        <address className="grid text-sm not-italic">
          <span className="font-semibold">{from?.title || profile.company || invoice.merchant.name}</span>
          {from?.subtext ? <span className="whitespace-pre-line">{from.subtext}</span> : null}
          {invoice.merchant.email ? <span>{invoice.merchant.email}</span> : null}
          {place(profile.city, profile.state, profile.zip, profile.country) ? <span>{place(profile.city, profile.state, profile.zip, profile.country)}</span> : null}
          {profile.taxId ? <span>{profile.taxId}</span> : null}
        </address>
      </section>
      <section aria-labelledby="invoice-bill-to">
        <h2 id="invoice-bill-to" className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("billTo")}
        </h2>
        {to ? (
          <address className="grid text-sm not-italic">
            <span className="font-semibold">{to.name}</span>
            {to.organisation ? <span>{to.organisation}</span> : null}
            <span className="break-all">{to.email}</span>
            {to.address.filter(Boolean).map((line, i) => (
              <span key={i}>{line}</span>
            ))}
            {place(to.city, to.state, to.pin) ? <span>{place(to.city, to.state, to.pin)}</span> : null}
            {to.country ? <span>{to.country}</span> : null}
          </address>
        ) : (
          <p className="text-sm text-muted-foreground">—</p>
        )}
      </section>
    </div>
  );
}
