/**
 * The database schema, one file per area under `tables/` (drizzle-kit reads this file: see
 * drizzle.config.ts). Code imports tables and row types from here.
 */
export * from "./tables/merchants";
export * from "./tables/wallets";
export * from "./tables/products";
export * from "./tables/payments";
export * from "./tables/integrations";
export * from "./tables/mail";
export * from "./tables/instance";
