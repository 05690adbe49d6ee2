/** The production-access module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { productionAccessRoutes } from "./routes";
export { grantProductionAccess } from "./service";
