/** The checkouts module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { checkoutPayable } from "./payable";
export { checkoutRoutes } from "./routes";
