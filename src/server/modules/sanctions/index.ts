/** The sanctions module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { sanctionRoutes } from "./routes";
export { checkWallet, payerScreen } from "./service";
