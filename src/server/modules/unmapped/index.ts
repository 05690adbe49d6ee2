/** The unmapped module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { OpenPaymentDto, UnmappedInflowDto, toOpenPaymentDto, toUnmappedInflowDto, type TokenFacts } from "./dto";
export { unmappedRoutes } from "./routes";
export { listOpenPaymentsFor, mapInflow, tokenFacts } from "./service";
