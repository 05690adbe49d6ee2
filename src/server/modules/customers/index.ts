/** The customers module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { customerRoutes } from "./routes";
export { findOwnCustomer } from "./service";
