import { useStore } from "@nanostores/react";
import { MerchantPage } from "@/components/app-shell/merchant-page";
import { OrdersPage } from "@/components/orders/orders-page";
import { merchantApi } from "@/stores/merchant-api";
import { $router, addressOf, goInPage } from "@/stores/router";
import { $session } from "@/stores/session";

/** The CSV export is a stream, not JSON: fetched directly with the session's token. */
const fetchCsv = (query: string) => {
  const token = $session.get()?.token;
  return fetch(`/api/transactions?${query}`, { headers: token ? { authorization: `Bearer ${token}`, accept: "text/csv" } : {} });
};

/**
 * Island for /transactions and its paging deep links: the merchant shell around the Orders screen,
 * at the address the router store holds. Paging and filters move the store, not the page; each
 * address mounts the screen afresh (its key), as a page load would.
 */
export default function OrdersIsland({ isProduction }: { isProduction: boolean }) {
  const { path, search } = addressOf(useStore($router)) ?? { path: "/transactions", search: "" };
  return (
    <MerchantPage isProduction={isProduction}>
      {() => (
        <OrdersPage
          key={path + search}
          api={merchantApi}
          path={path}
          search={search}
          navigate={goInPage}
          fetchCsv={fetchCsv}
          timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
        />
      )}
    </MerchantPage>
  );
}
