/** The dashboard module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { USD_DECIMALS, toUsdUnits } from "./consolidate";
export { dashboardRoutes } from "./routes";
