import { MerchantPage } from "@/components/app-shell/merchant-page";
import { UnmappedPage } from "@/components/unmapped/unmapped-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /unmapped: the merchant shell around the Unmapped screen. */
export default function UnmappedIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction} permission="mapped">{() => <UnmappedPage api={merchantApi} />}</MerchantPage>;
}
