/** The auth module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { requireFreshSignIn, requireMerchant } from "./middleware";
export { authRoutes } from "./routes";
export { decodeSolanaPublicKey, verifyEd25519 } from "../../chains/solana/signature";
export { signinSite } from "./site";
export { hashToken, newSessionToken } from "./tokens";
