/** The zapi module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { apiPaymentPayable } from "./payable";
export { zapiRoutes } from "./routes";
export { zapiSecretRoutes } from "./secret-routes";
