import { useEffect, useState } from "react";
import { Loader2Icon, SmartphoneIcon } from "lucide-react";
import QRCode from "qrcode";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Skeleton } from "@/components/ui/skeleton";

export interface SolanaPayQrProps {
  /** The Solana Pay transfer request (`solana:…`) a phone wallet scans. */
  url: string;
  /** The amount as the payer reads it, e.g. "12.5 USDC". */
  amount: string;
}

/** The QR code as an SVG data URL; null while it is drawn (or if drawing failed: the text stays). */
function useQrImage(url: string): string | null {
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" })
      .then((svg) => current && setImage({ url, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [url]);
  return image?.url === url ? image.src : null;
}

/**
 * Pay from a phone: the payment as a Solana Pay QR code that a wallet app scans and pays without
 * connecting to this page, the same request as copyable text (and `data-solana-pay-url`), and a
 * link that opens it in a wallet app on this device. The page follows the payment by its reference.
 */
export function SolanaPayQr({ url, amount }: SolanaPayQrProps) {
  const { t } = useTranslation("pay");
  const image = useQrImage(url);
  return (
    <Card data-slot="solana-pay-qr" data-solana-pay-url={url} role="region" aria-labelledby="pay-qr-title" className="gap-4 px-5 py-5">
      <h2 id="pay-qr-title" className="text-lg font-semibold">
        {t("qr.title", { amount })}
      </h2>
      <p className="text-sm text-muted-foreground">{t("qr.body")}</p>
      {/* Fixed size, white in both themes: scanners need contrast, and the page must not shift when it appears. */}
      <div className="mx-auto size-56 rounded-lg border bg-white p-1">
        {image ? <img src={image} alt={t("qr.imageAlt", { amount })} width={216} height={216} className="size-full" /> : <Skeleton role="presentation" className="size-full" />}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="pay-qr-url" className="text-sm font-medium">
          {t("qr.urlLabel")}
        </label>
        <div className="flex items-center gap-2">
          <input
            id="pay-qr-url"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-9 min-w-0 flex-1 rounded-md border bg-muted/50 px-2 font-mono text-xs"
          />
          <CopyButton value={url} label={t("qr.copy")} variant="outline" size="icon" />
        </div>
      </div>
      <Button asChild variant="secondary" className="w-full">
        <a href={url}>
          <SmartphoneIcon aria-hidden="true" />
          {t("qr.openInApp")}
        </a>
      </Button>
      <p role="status" aria-live="polite" className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
        <Loader2Icon aria-hidden="true" className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />
        {t("qr.waiting")}
      </p>
      <p className="text-xs text-muted-foreground">{t("progress.keepOpen")}</p>
    </Card>
  );
}
