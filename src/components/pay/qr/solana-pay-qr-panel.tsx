import { useMemo } from "react";
import type { PayableProduct, PaymentTransactionInfo } from "@/lib/pay-api";
import { solanaPayUrl } from "@/lib/solana-pay-url";
import { SolanaPayQr } from "./solana-pay-qr";

/**
 * The started QR payment as a Solana Pay transfer request: the wallet shows the merchant's name
 * and the product's label. Loaded on demand (it brings web3.js and the QR encoder), so the pay
 * page imports it lazily; hence the default export.
 */
export default function SolanaPayQrPanel({ info, product, amount }: { info: PaymentTransactionInfo; product: PayableProduct; amount: string }) {
  const url = useMemo(() => solanaPayUrl(info, { label: product.merchant.displayName, message: product.label }), [info, product.merchant.displayName, product.label]);
  return <SolanaPayQr url={url} amount={amount} />;
}
