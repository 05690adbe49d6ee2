/** The integrations module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { integrationRoutes } from "./routes";
export { getCallbackUrl } from "./service";
