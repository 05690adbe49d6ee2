import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { ExternalLink } from "@/components/ui/external-link";
import type { PayableProduct, PaymentTransactionInfo } from "@/lib/pay-api";
import { chosenPrice, scaledEstimate, type PayerChoice } from "@/lib/pay-choice";
import { shownPayLabel } from "@/lib/pay-label";
import { CartLines } from "./cart-lines";
import type { PayOption } from "./pay-flow";
import { formatFiat, formatToken, hostOf, isWebUrl } from "./pay-format";
import { ProductFacts } from "./product-facts";

/** Formats a decimal amount in the product's own currency (fiat or token), in the reader's language. */
export function useMoney(product: PayableProduct, fallbackToken = "USDC") {
  const { i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  return (amount: string) => (product.useFiat ? formatFiat(amount, product.currency, lng) : formatToken(amount, product.currency || fallbackToken, lng));
}

/** The amount the payer reads: the price as set (or as chosen), and the USDC it comes to (indicative, or exact once started). */
export function useAmountText(product: PayableProduct, option: PayOption, info?: PaymentTransactionInfo | null, choice?: PayerChoice) {
  const { i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  const token = option.token.symbol;
  const money = useMoney(product, token);
  const price = chosenPrice(product, choice);
  const usdc = formatToken(info?.amount ?? scaledEstimate(product, price), token, lng);
  return {
    /** The big number: the fiat price, or the token amount. */
    main: product.useFiat ? money(info?.fiat?.price ?? price) : formatToken(info?.amount ?? price, product.currency || token, lng),
    /** The token amount the wallet will send. */
    usdc,
    exact: Boolean(info),
  };
}

export interface PaymentSummaryProps {
  product: PayableProduct;
  option: PayOption;
  info?: PaymentTransactionInfo | null;
  /** The payer's choice (cart quantities, donation amount): the amount follows it. */
  choice?: PayerChoice;
  /** Given when the payer may still change the cart's quantities (the page before paying, with JavaScript). */
  onChoose?: (patch: PayerChoice) => void;
}

/** What is being paid for: label, description, whom or which invoice it is for, a cart's lines, merchant site and the amount due. */
export function PaymentSummary({ product, option, info, choice, onChoose }: PaymentSummaryProps) {
  const { t } = useTranslation("pay");
  const amount = useAmountText(product, option, info, choice);
  const money = useMoney(product, option.token.symbol);
  const editable = Boolean(onChoose && product.cart?.quantitiesEditable);
  return (
    <Card data-slot="payment-summary" aria-labelledby="pay-product-title" role="region" className="gap-3 px-5 py-5">
      <h1 id="pay-product-title" className="text-xl font-semibold break-words">
        {shownPayLabel(product.label, t)}
      </h1>
      <ProductFacts product={product} />
      {product.description ? <p className="text-sm whitespace-pre-line text-muted-foreground">{product.description}</p> : null}
      {product.cart ? (
        <CartLines
          lines={product.cart.lines}
          quantities={choice?.quantities}
          money={money}
          onQuantity={editable ? (itemId, quantity) => onChoose?.({ quantities: { ...choice?.quantities, [itemId]: quantity } }) : undefined}
        />
      ) : null}
      {isWebUrl(product.site) ? (
        <ExternalLink href={product.site} variant="underlined" className="w-fit">
          {t("summary.visitSite", { host: hostOf(product.site) })}
        </ExternalLink>
      ) : null}
      <div className="grid gap-1 border-t pt-3">
        <p className="text-sm text-muted-foreground">{t(product.donation && !info ? "summary.donationAmount" : "summary.amountDue")}</p>
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
