/** The sandbox-mail module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { sandboxMailPage } from "./page";
export { sandboxMailRoutes } from "./routes";
