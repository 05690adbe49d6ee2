import { MerchantPage } from "@/components/app-shell/merchant-page";
import { BillsPage } from "@/components/bills/bills-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /bills: the merchant shell around the zInvoice screen. */
export default function BillsIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction} permission="bills">{(user) => <BillsPage api={merchantApi} userId={user._id} billingCurrency={user.billingCurrency} />}</MerchantPage>;
}
