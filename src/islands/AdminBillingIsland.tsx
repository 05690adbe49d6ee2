import { MerchantPage } from "@/components/app-shell/merchant-page";
import { AdminBillingPage } from "@/components/admin/admin-billing-page";
import { merchantApi } from "@/stores/merchant-api";
import { $session } from "@/stores/session";

/** billing.csv is a stream, not JSON: fetched directly with the session's token. */
const fetchCsv = (query: string) => {
  const token = $session.get()?.token;
  return fetch(`/api/v2/admin-billing?${query}`, { headers: token ? { authorization: `Bearer ${token}`, accept: "text/csv" } : {} });
};

/** Island for /admin-billing (permission `admin_stats`): the merchant shell around the billing table and its CSV. */
export default function AdminBillingIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction} permission="admin_stats">{() => <AdminBillingPage api={merchantApi} fetchCsv={fetchCsv} />}</MerchantPage>;
}
