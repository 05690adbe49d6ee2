/** The chains module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { buildChainConfig, type TokenDto } from "./config";
export { ConfigSchema, TokenSchema } from "./dto";
export { explorerLinkFor } from "./explorer-link";
export { chainRoutes } from "./routes";
export { readConfig } from "./service";
