import { MerchantPage } from "@/components/app-shell/merchant-page";
import { InvoiceScreen, invoiceRefFromSearch } from "@/components/invoice/invoice-screen";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /invoices/view?id= (v1 invoice) or ?bill= (zInvoice): the merchant shell around the invoice document. */
export default function InvoiceViewIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction}>{() => <InvoiceScreen api={merchantApi} invoiceRef={invoiceRefFromSearch(window.location.search)} />}</MerchantPage>;
}
