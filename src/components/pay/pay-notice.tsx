import { useTranslation } from "react-i18next";
import { BrandBar } from "@/components/ui/brand-bar";

/**
 * What the payments origin shows when it cannot open a payment: no `?p=` at all, or an id that
 * names no payable product.
 */
export function PayNotice({ paymentId }: { paymentId: string | null }) {
  const { t } = useTranslation("common");
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-6 py-10">
      <BrandBar />
      <h1 className="text-2xl font-semibold">{t("pay.title")}</h1>
      <p role="status" className="rounded-lg border bg-card p-4 text-card-foreground">
        {paymentId ? t("pay.notFound") : t("pay.noLink")}
      </p>
    </main>
  );
}
