import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { PayableProduct } from "@/lib/pay-api";
import { PayNotice } from "./pay-notice";
import { payFamilies, pickPayOption } from "./pay-option";
import { Frame } from "./pay-page";
import { AlreadyPaid } from "./already-paid";
import { DonationChooser } from "./donation-chooser";
import { PaymentSummary, useMoney } from "./payment-summary";

/**
 * What the payments origin serves for `/?p={id}` before any JavaScript (rendered on the server,
 * src/server/modules/pay/page.tsx): the same frame and summary `PayPage` draws, then one button per
 * chain family the product can be paid in (Solana, EVM). The family buttons carry `data-pay-family`; src/islands/pay-boot.ts loads the
 * wallet code when one is pressed, and the island takes over the same markup. Pressed before that
 * script runs, a button submits its form and the page comes back with `&family=` picked. A donation's fields
 * are plain inputs here (the island picks up what was typed); a cart shows its default quantities;
 * a product already paid says so and offers no payment.
 */
export function PayPreview({ productId, product }: { productId: string | null; product: PayableProduct | null }) {
  const { t } = useTranslation("pay");
  if (!product) return <PayNotice paymentId={productId} />;
  const option = pickPayOption(product);
  return (
    <Frame product={product}>
      {option && product.paid ? (
        <>
          <PaymentSummary product={product} option={option} />
          <AlreadyPaid />
        </>
      ) : option ? (
        <>
          <PaymentSummary product={product} option={option} />
          {product.donation ? <PreviewDonation product={product} donation={product.donation} /> : null}
          {/* A form, so a press before the page's script runs is not lost: it reloads the page with
              `family`, which the script then starts at once (src/islands/pay-boot.ts). */}
          <form data-slot="pay-families" method="get" className="grid gap-2">
            <input type="hidden" name="p" value={product.id} />
            {payFamilies(product).map((family) => (
              <Button key={family} type="submit" name="family" value={family} size="lg" className="h-12 w-full text-base" data-pay-family={family}>
                {t("pickFamily", { family: t(`familyNames.${family}`) })}
              </Button>
            ))}
          </form>
        </>
      ) : (
        <Card role="alert" className="gap-3 px-5 py-5">
          <p className="font-semibold">{t("unsupported")}</p>
        </Card>
      )}
    </Frame>
  );
}

function PreviewDonation({ product, donation }: { product: PayableProduct; donation: NonNullable<PayableProduct["donation"]> }) {
  const money = useMoney(product);
  return <DonationChooser donation={donation} money={money} />;
}
