/** The pay module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { payPageHtml, payerLanguage } from "./page";
export type { PayablePrice, PayableSource } from "./payable";
export { registerPayableSource } from "./payables";
export { payerFacingMerchant } from "./product";
export { payRoutes } from "./routes";
