import { MerchantPage } from "@/components/app-shell/merchant-page";
import { AdminStatsPage } from "@/components/admin/admin-stats-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /admin-stats (permission `admin_stats`): the merchant shell around the operator statistics. */
export default function AdminStatsIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction} permission="admin_stats">{() => <AdminStatsPage api={merchantApi} />}</MerchantPage>;
}
