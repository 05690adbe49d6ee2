import { MerchantPage } from "@/components/app-shell/merchant-page";
import { InvoicesPage } from "@/components/invoices/invoices-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /invoices: the merchant shell around the v1 invoices screen. */
export default function InvoicesIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction} permission="invoices">{(user) => <InvoicesPage api={merchantApi} billingCurrency={user.billingCurrency} />}</MerchantPage>;
}
