/** The quick-pays module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { quickPayPayable } from "./payable";
export { quickPayRoutes } from "./routes";
