/**
 * Settlements of a non-custodial merchant's route contract (SPEC §4 contract calls): what the
 * server answers and what the Settlements screen sends. Amounts are base units as decimal strings.
 */

/** A token the route holds, still to settle. */
export interface UnsettledBalance {
  symbol: string;
  tokenAddress: string;
  decimals: number;
  amount: string;
}

/** A route the merchant replaced, and what it still holds: only its owner (the old wallet) can settle it. */
export interface EarlierRouteDto {
  route: string;
  chain: number;
  owner: string;
  settlementAddress: string;
  balances: UnsettledBalance[];
}

/** The merchant's route and what it holds (`route` null: the merchant has no route wallet). */
export interface UnsettledDto {
  route: string | null;
  chain: number | null;
  owner: string | null;
  settlementAddress: string | null;
  balances: UnsettledBalance[];
  /** Routes of EVM wallets the merchant replaced, most recently replaced first. */
  earlierRoutes: EarlierRouteDto[];
}

/** One `Settled` event. */
export interface SettlementDto {
  /** The route that settled (the current one or an earlier one). */
  route: string;
  symbol: string | null;
  tokenAddress: string;
  decimals: number | null;
  to: string;
  amount: string;
  hash: string;
  blockNumber: string;
  scanLink: string | null;
}

/** The route calls the merchant's wallet can have built (SPEC §4: settle, update address, add/remove whitelist). */
export const ROUTE_ACTIONS = ["settle", "updateSettlementAddress", "addWhitelist", "removeWhitelist"] as const;
export type RouteAction = (typeof ROUTE_ACTIONS)[number];

/** `route`: one of the merchant's earlier routes; absent, the current one. */
export type RunSettlementRequest =
  | { action: "settle"; token: string; to: string; amount: string; route?: string }
  | { action: "updateSettlementAddress" | "addWhitelist" | "removeWhitelist"; address: string; route?: string };

/** The transaction the merchant's wallet sends: the server never signs. */
export interface RouteCallDto {
  chain: number;
  /** The wallet that must send it (the route's owner). */
  from: string;
  /** The route contract. */
  to: string;
  data: string;
}

export const SETTLEMENT_MESSAGES = {
  noRoute: "You have no route contract yet: attach an EVM wallet as a non-custodial merchant first.",
  noOwner: "Nobody controls this route any more: its owner gave it up on chain, so its money cannot be moved.",
  notWhitelisted: "This address is not whitelisted: add it to the whitelist or settle to your settlement address.",
  tooMuch: "The route holds less than this amount.",
  unknownToken: "This token is not settled on this network.",
} as const;
