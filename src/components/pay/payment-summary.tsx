import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { ExternalLink } from "@/components/ui/external-link";
import type { PayableProduct, PaymentTransactionInfo } from "@/lib/pay-api";
import type { PayOption } from "./pay-flow";
import { formatFiat, formatToken, hostOf, isWebUrl } from "./pay-format";

/** The amount the payer reads: the price as set, and the USDC it comes to (indicative, or exact once started). */
export function useAmountText(product: PayableProduct, option: PayOption, info?: PaymentTransactionInfo | null) {
  const { i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  const token = option.token.symbol;
  const usdc = formatToken(info?.amount ?? product.estimatedUsdc, token, lng);
  return {
    /** The big number: the fiat price, or the token amount. */
    main: product.useFiat ? formatFiat(product.price, product.currency, lng) : formatToken(info?.amount ?? product.price, product.currency || token, lng),
    /** The token amount the wallet will send. */
    usdc,
    exact: Boolean(info),
  };
}

/** What is being paid for: label, description, merchant site and the amount due. */
export function PaymentSummary({ product, option, info }: { product: PayableProduct; option: PayOption; info?: PaymentTransactionInfo | null }) {
  const { t } = useTranslation("pay");
  const amount = useAmountText(product, option, info);
  return (
    <Card data-slot="payment-summary" aria-labelledby="pay-product-title" role="region" className="gap-3 px-5 py-5">
      <h1 id="pay-product-title" className="text-xl font-semibold break-words">
        {product.label}
      </h1>
      {product.description ? <p className="text-sm whitespace-pre-line text-muted-foreground">{product.description}</p> : null}
      {isWebUrl(product.site) ? (
        <ExternalLink href={product.site} variant="underlined" className="w-fit">
          {t("summary.visitSite", { host: hostOf(product.site) })}
        </ExternalLink>
      ) : null}
      <div className="grid gap-1 border-t pt-3">
        <p className="text-sm text-muted-foreground">{t("summary.amountDue")}</p>
        <p className="text-3xl font-bold tracking-tight tabular-nums">{amount.main}</p>
        {product.useFiat ? (
          <p className="text-sm text-muted-foreground">
            {amount.exact ? t("summary.exact", { amount: amount.usdc }) : t("summary.indicative", { amount: amount.usdc })}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">{t("summary.network", { token: option.token.symbol, chain: option.chainName })}</p>
      </div>
    </Card>
  );
}
