import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { PayableProduct } from "@/lib/pay-api";
import { PayNotice } from "./pay-notice";
import { pickPayOption } from "./pay-option";
import { Frame } from "./pay-page";
import { PaymentSummary } from "./payment-summary";

/** The chain families a payer may pick; the wallet code of the picked one loads after the click. */
export const PAY_FAMILIES = [{ id: "solana", name: "Solana" }] as const;

/**
 * What the payments origin serves for `/?p={id}` before any JavaScript (rendered on the server,
 * src/server/modules/pay/page.tsx): the same frame and summary `PayPage` draws, then one button per
 * chain family. The family buttons carry `data-pay-family`; src/islands/pay-boot.ts loads the
 * wallet code when one is pressed, and the island takes over the same markup.
 */
export function PayPreview({ productId, product }: { productId: string | null; product: PayableProduct | null }) {
  const { t } = useTranslation("pay");
  if (!product) return <PayNotice paymentId={productId} />;
  const option = pickPayOption(product);
  return (
    <Frame product={product}>
      {option ? (
        <>
          <PaymentSummary product={product} option={option} />
          <div data-slot="pay-families" className="grid gap-2">
            {PAY_FAMILIES.map((family) => (
              <Button key={family.id} type="button" size="lg" className="h-12 w-full text-base" data-pay-family={family.id}>
                {t("pickFamily", { family: family.name })}
              </Button>
            ))}
          </div>
        </>
      ) : (
        <Card role="alert" className="gap-3 px-5 py-5">
          <p className="font-semibold">{t("unsupported")}</p>
        </Card>
      )}
    </Frame>
  );
}
