import { MerchantPage } from "@/components/app-shell/merchant-page";
import { AdminTransactionsPage } from "@/components/admin/admin-transactions-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /admin-transactions (permission `admin_stats`): the merchant shell around Map Transactions. */
export default function AdminTransactionsIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction} permission="admin_stats">{() => <AdminTransactionsPage api={merchantApi} />}</MerchantPage>;
}
