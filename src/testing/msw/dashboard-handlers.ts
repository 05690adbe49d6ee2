/** The story server's overview routes (src/server/modules/dashboard): the story's data, or a merchant never paid. */
import { requireMerchant } from "./auth-handlers";
import { storyEmptyDashboard } from "./dashboard-fixtures";
import { route } from "./respond";
import { storyServer } from "./store";

const ZERO_BALANCES = { tokenBalances: { SOL: "0", USDT: "0", USDC: "0" }, totalUSD: "0.00" };

export const dashboardHandlers = [
  route("get", "/api/dashboard", ({ request }) => {
    requireMerchant(request);
    return { data: storyServer.dashboard ?? storyEmptyDashboard };
  }),
  route("get", "/api/dashboard/balances", ({ request }) => {
    requireMerchant(request);
    return { data: storyServer.balances ?? ZERO_BALANCES };
  }),
];
