import { MerchantPage } from "@/components/app-shell/merchant-page";
import { ZRampPage } from "@/components/zramp/zramp-page";
import { SIDE_MENU } from "@/lib/side-menu";
import { merchantApi } from "@/stores/merchant-api";

/** The menu item's rule (quickpay, or ramponly with rampOnly) is the page's too. */
const zrampPermission = SIDE_MENU.find((item) => item.id === "zramp")!.permission;

/** Island for /zramp: the merchant shell around the fiat on-ramp. */
export default function ZRampIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction} permission={zrampPermission}>
      {() => <ZRampPage api={merchantApi} />}
    </MerchantPage>
  );
}
