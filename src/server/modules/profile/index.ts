/** The profile module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { LOGO_BODY_LIMIT, PROFILE_LOGO_PATH, profileRoutes } from "./routes";
export { merchantBrand } from "./service";
