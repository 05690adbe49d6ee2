/** The refunds module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { refundRoutes } from "./routes";
