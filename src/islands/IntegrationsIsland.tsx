import { MerchantPage } from "@/components/app-shell/merchant-page";
import { IntegrationsPage } from "@/components/integrations/integrations-page";

/** Island for /integrations: the merchant shell around the tiles; the guides name this zpay's own origin. */
export default function IntegrationsIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction}>{() => <IntegrationsPage appOrigin={window.location.origin} />}</MerchantPage>;
}
