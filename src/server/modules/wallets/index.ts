/** The wallets module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { walletRoutes } from "./routes";
export { getReceivingWallet, receivableChains } from "./service";
