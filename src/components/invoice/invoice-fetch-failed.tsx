import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** SPEC §8 'Cannot get Invoice. Network request failed.' (or: the invoice does not exist), with a retry when there is one. */
export function InvoiceFetchFailed({ reason = "failed", onRetry }: { reason?: "failed" | "not-found" | "no-link"; onRetry?: () => void }) {
  const { t } = useTranslation("invoices", { keyPrefix: "document" });
  const message = reason === "not-found" ? t("notFound") : reason === "no-link" ? t("noLink") : t("fetchFailed");
  return (
    <Card role="alert" className="mx-auto max-w-xl gap-3 px-5 py-5" data-slot="invoice-fetch-failed">
      <p className="font-semibold">{message}</p>
      {onRetry ? (
        <Button type="button" variant="outline" className="w-fit" onClick={onRetry}>
          {t("retry")}
        </Button>
      ) : null}
    </Card>
  );
}
