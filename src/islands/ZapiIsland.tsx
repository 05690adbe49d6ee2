import { useStore } from "@nanostores/react";
import { MerchantPage } from "@/components/app-shell/merchant-page";
import { ZapiPage } from "@/components/zapi/zapi-page";
import { merchantApi } from "@/stores/merchant-api";
import { $router, addressOf, goInPage } from "@/stores/router";
import { $session } from "@/stores/session";
import { SIDE_MENU } from "@/lib/side-menu";
import { signInAgain } from "./sign-in-again";

/** The menu item's rule is the page's too. */
const zapiPermission = SIDE_MENU.find((item) => item.id === "zapi")!.permission;

/** The CSV export is a stream, not JSON: fetched directly with the session's token. */
const fetchCsv = (query: string) => {
  const token = $session.get()?.token;
  return fetch(`/api/transactions?${query}`, { headers: token ? { authorization: `Bearer ${token}`, accept: "text/csv" } : {} });
};

/**
 * Island for /zapi and its paging deep links: the merchant shell around the zAPI screen, behind
 * its menu item's permission (quickpay). The keys themselves stay open to every merchant on the
 * server: Integrations and the webhook settings use them too.
 */
export default function ZapiIsland({ isProduction }: { isProduction: boolean }) {
  // The router store's address, as on Orders: the list's paging and filters move the store.
  const { path, search } = addressOf(useStore($router)) ?? { path: "/zapi", search: "" };
  return (
    <MerchantPage isProduction={isProduction} permission={zapiPermission}>
      {(user) => (
        <ZapiPage
          key={path + search}
          accountId={user._id}
          onSignInAgain={signInAgain}
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
