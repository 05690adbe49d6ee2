import { MerchantPage } from "@/components/app-shell/merchant-page";
import { AdminStatsPage } from "@/components/admin/admin-stats-page";
import { ProductionRequestsSection } from "@/components/admin/production-requests-section";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /admin-stats (permission `admin_stats`): the merchant shell around the operator statistics and the production-access requests. */
export default function AdminStatsIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction} permission="admin_stats">
      {() => (
        <div className="flex flex-col gap-10">
          <AdminStatsPage api={merchantApi} />
          <ProductionRequestsSection api={merchantApi} />
        </div>
      )}
    </MerchantPage>
  );
}
