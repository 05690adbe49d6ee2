import { useTranslation } from "react-i18next";
import type { PayableProduct } from "@/lib/pay-api";

/** The merchant's identity at the top of the pay page: logo (or initial) and display name, wrapping on a phone. */
export function PayHeader({ merchant }: { merchant?: PayableProduct["merchant"] }) {
  const { t } = useTranslation("pay");
  const name = merchant?.displayName;
  return (
    <header data-slot="pay-header" className="flex items-center gap-3">
      {name ? (
        <>
          {merchant.logoUrl ? (
            <img src={merchant.logoUrl} alt="" className="size-10 shrink-0 rounded-md border bg-background object-contain" />
          ) : (
            <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-md bg-primary text-lg font-semibold text-primary-foreground">
              {name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <p className="min-w-0 leading-tight">
            <span className="block text-xs text-muted-foreground">{t("payTo")}</span>
            <span className="block font-semibold break-words">{name}</span>
          </p>
        </>
      ) : (
        <span className="text-lg font-semibold">{t("title")}</span>
      )}
    </header>
  );
}
