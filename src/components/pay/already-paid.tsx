import { CircleCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";

/** A single-payment product (zRequest, invoice) already paid: said plainly, and nothing to pay with. */
export function AlreadyPaid() {
  const { t } = useTranslation("pay");
  return (
    <Card role="status" data-slot="already-paid" className="flex-row items-center gap-3 px-5 py-5">
      <CircleCheckIcon aria-hidden="true" className="size-6 shrink-0 text-primary" />
      <p className="font-semibold">{t("alreadyPaid")}</p>
    </Card>
  );
}
