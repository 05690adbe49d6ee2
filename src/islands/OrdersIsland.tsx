import { MerchantPage } from "@/components/app-shell/merchant-page";
import { OrdersPage } from "@/components/orders/orders-page";
import { merchantApi } from "@/stores/merchant-api";
import { $session } from "@/stores/session";

/** The CSV export is a stream, not JSON: fetched directly with the session's token. */
const fetchCsv = (query: string) => {
  const token = $session.get()?.token;
  return fetch(`/api/transactions?${query}`, { headers: token ? { authorization: `Bearer ${token}`, accept: "text/csv" } : {} });
};

/** Island for /transactions and its paging deep links: the merchant shell around the Orders screen. */
export default function OrdersIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction}>
      {() => (
        <OrdersPage
          api={merchantApi}
          path={window.location.pathname}
          search={window.location.search}
          navigate={(href) => window.location.assign(href)}
          fetchCsv={fetchCsv}
          timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
        />
      )}
    </MerchantPage>
  );
}
