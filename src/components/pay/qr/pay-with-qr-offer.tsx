import { Loader2Icon, QrCodeIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/** Inside the wallet panel while nothing is connected: pay by scanning a QR code with a phone wallet instead. */
export function PayWithQrOffer({ onPay, busy = false }: { onPay: () => void; busy?: boolean }) {
  const { t } = useTranslation("pay");
  return (
    <section data-slot="pay-with-qr-offer" aria-labelledby="pay-qr-offer-title" className="grid gap-2 border-t pt-3">
      <h3 id="pay-qr-offer-title" className="text-sm font-medium">
        {t("qr.offerTitle")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("qr.offerBody")}</p>
      <Button variant="outline" className="w-full sm:w-fit" disabled={busy} onClick={onPay}>
        {busy ? <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <QrCodeIcon aria-hidden="true" />}
        {t("qr.offerButton")}
      </Button>
    </section>
  );
}
