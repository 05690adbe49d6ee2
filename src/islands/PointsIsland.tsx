import { MerchantPage } from "@/components/app-shell/merchant-page";
import { PointsPage } from "@/components/points/points-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /points: the merchant shell around the points screen. */
export default function PointsIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction}>{() => <PointsPage api={merchantApi} />}</MerchantPage>;
}
