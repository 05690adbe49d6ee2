import "@/lib/polyfills";
import { useState } from "react";
import { I18nRoot } from "@/components/i18n/i18n-root";
import { createPayApi, type PayApi } from "@/components/pay/pay-api-client";
import { PayNotice } from "@/components/pay/pay-notice";
import { SolanaPayContainer } from "@/components/pay/solana-pay-container";
import type { PayableProduct } from "@/lib/pay-api";
import { ConnectedToastBar } from "@/components/app-shell/connected-toast-bar";

/**
 * Island for the payments origin's `/?p={id}`: the hosted pay page. `api` defaults to the
 * payments origin's own payer API; stories pass a fake. `product` is what the served HTML shows
 * (src/server/modules/pay/page.tsx), so the first render draws the same summary.
 */
export default function PayIsland({ search, api, product }: { search?: string; api?: PayApi; product?: PayableProduct }) {
  const query = search ?? (typeof window === "undefined" ? "" : window.location.search);
  const productId = new URLSearchParams(query).get("p");
  const [payApi] = useState(() => api ?? createPayApi());
  return (
    <I18nRoot>
      {productId ? <SolanaPayContainer productId={productId} api={payApi} product={product?.id === productId ? product : undefined} /> : <PayNotice paymentId={null} />}
      <ConnectedToastBar />
    </I18nRoot>
  );
}
