/**
 * Every sandbox-only route in one place: what an operator does with `npm run admin` in production,
 * a sandbox merchant may do to themself (the embedded database cannot be opened by the CLI while
 * the server runs). Each answers 403 `sandbox_only` in production mode.
 */
export { sandboxAdminGrantRoutes } from "./grant-admin";
export { sandboxGrantRoutes } from "./grant-mapped";
export { sandboxCustodyRoutes } from "./non-custodial";
