import { origins, type Env } from "../../env";

/** What a sign-in message must name to be for this instance (the SIWS fields the server chooses). */
export interface SigninSite {
  /** Host (and port) of the merchant app origin: the SIWS domain. */
  domain: string;
  /** The merchant app origin itself: the SIWS URI. */
  uri: string;
  /** The Solana cluster this instance receives payments on. */
  chainId: string;
}

/** This instance's sign-in site, from APP_ORIGIN (or the app port) and the mode. */
export function signinSite(env: Env): SigninSite {
  const app = new URL(origins(env).app);
  return { domain: app.host, uri: app.origin, chainId: env.ZPAY_MODE === "production" ? "solana:mainnet" : "solana:devnet" };
}
