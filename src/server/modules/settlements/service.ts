import { encodeFunctionData, getAddress, isAddress, isAddressEqual, zeroAddress, type Hex } from "viem";
import { SETTLEMENT_MESSAGES, type RouteCallDto, type SettlementDto, type UnsettledDto } from "@/lib/settlements";
import { readRouteBalances } from "../../chains/evm/read-route-balances";
import { readMaySettleTo, readRouteSettings } from "../../chains/evm/read-route-settings";
import { routeAbi } from "../../chains/evm/route-abi";
import { routeClient } from "../../chains/evm/route-client";
import { STABLECOINS, type EvmRuntime } from "../../chains/runtime";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { explorerLinkFor } from "../chains";
import type { RunBody } from "./dto";
import { listMerchantRoutes, type MerchantRoute } from "./merchant-routes";
import { routeSettlementHistory } from "./settlement-history";

/** What the settlement reads need: the merchant's routes (database, chains), explorer links (env) and a log. */
type SettlementDeps = Pick<AppDeps, "database" | "chains" | "env" | "log">;

/**
 * The route a call is for: `route` when it is one of the merchant's (current or earlier), else the
 * current one. Another merchant's route, or none, is not found.
 */
async function requireRoute(deps: Pick<AppDeps, "database" | "chains">, userId: string, route?: string): Promise<MerchantRoute> {
  const routes = await listMerchantRoutes(deps, userId);
  const found = route ? routes.find((r) => isAddressEqual(r.route, getAddress(route.toLowerCase()))) : routes.find((r) => r.current);
  if (!found) throw new ApiError(404, "route_not_found", SETTLEMENT_MESSAGES.noRoute);
  return found;
}

/** The chain's stablecoins, by address. */
function tokensOf(evm: EvmRuntime) {
  return STABLECOINS.flatMap((symbol) => {
    const token = evm.tokens[symbol];
    return token ? [{ symbol, ...token }] : [];
  });
}

/** Chain reads surface as 503 (the node did not answer), never as a 500. */
async function fromChain<T>(deps: Pick<AppDeps, "log">, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    deps.log.warn({ err: error }, "settlements: the chain could not be asked");
    throw new ApiError(503, "chain_unavailable", "The network could not be reached. Try again in a moment.");
  }
}

/** What a route holds of each stablecoin of its chain, who controls it and where it settles, read now. */
async function readRouteState(deps: Pick<AppDeps, "log">, { route, evm }: MerchantRoute) {
  const tokens = tokensOf(evm);
  const client = routeClient(evm);
  const [amounts, settings] = await fromChain(deps, () =>
    Promise.all([
      readRouteBalances(
        client,
        route,
        tokens.map((t) => t.address),
      ),
      readRouteSettings(client, route),
    ]),
  );
  return {
    route,
    chain: evm.chainId,
    owner: settings.owner,
    settlementAddress: settings.settlementAddress,
    balances: tokens.map((t, i) => ({ symbol: t.symbol, tokenAddress: t.address, decimals: t.decimals, amount: amounts[i]!.toString() })),
  };
}

/**
 * What the merchant's route holds of each stablecoin of its chain, with who controls it and where
 * it settles, and the same for every earlier route (a replaced wallet's: its money stays visible).
 */
export async function readUnsettled(deps: SettlementDeps, userId: string): Promise<UnsettledDto> {
  const routes = await listMerchantRoutes(deps, userId);
  const current = routes.find((r) => r.current);
  const [now, ...earlierRoutes] = await Promise.all([current ? readRouteState(deps, current) : undefined, ...routes.filter((r) => !r.current).map((r) => readRouteState(deps, r))]);
  if (!now) return { route: null, chain: null, owner: null, settlementAddress: null, balances: [], earlierRoutes: earlierRoutes.map((r) => r!) };
  return { ...now, earlierRoutes: earlierRoutes.map((r) => r!) };
}

/** A route's `Settled` events: those stored by earlier reads, and the chain's new blocks since. */
async function routeHistory(deps: SettlementDeps, userId: string, found: MerchantRoute): Promise<SettlementDto[]> {
  const tokens = tokensOf(found.evm);
  const events = await fromChain(deps, () => routeSettlementHistory(deps, userId, found));
  return events.map((e) => {
    const token = tokens.find((t) => isAddressEqual(t.address, e.token));
    return {
      route: found.route,
      symbol: token?.symbol ?? null,
      tokenAddress: e.token,
      decimals: token?.decimals ?? null,
      to: e.to,
      amount: e.amount.toString(),
      hash: e.hash,
      blockNumber: e.blockNumber.toString(),
      scanLink: explorerLinkFor(deps, found.evm.chainId, e.hash) ?? null,
    };
  });
}

/** The `Settled` events of every route of the merchant (current and earlier), newest first; empty without a route. */
export async function readHistory(deps: SettlementDeps, userId: string): Promise<SettlementDto[]> {
  const routes = await listMerchantRoutes(deps, userId);
  const all = (await Promise.all(routes.map((r) => routeHistory(deps, userId, r)))).flat();
  // Stable: within one block (and across chains, which share no clock) the order read is kept.
  return all.sort((a, b) => (BigInt(a.blockNumber) === BigInt(b.blockNumber) ? 0 : BigInt(a.blockNumber) > BigInt(b.blockNumber) ? -1 : 1));
}

/**
 * The route call the merchant's wallet sends (the server holds no key), for the current route or
 * the earlier one named by `body.route`. `from` is the route's owner read from the contract (the
 * merchant's wallet, or the replaced one for an earlier route, unless ownership moved on chain). `settle` is checked
 * against the chain first (known token, enough balance, an allowed recipient) so the merchant is
 * told why before paying gas; the contract checks again, and is what actually refuses.
 * @throws {ApiError} 404 `route_not_found`, 409 `route_without_owner` (ownership renounced), 400
 *   `unsupported_token`, 422 `insufficient_balance` / `not_whitelisted`, 503 when the node cannot be asked.
 */
export async function buildRouteCall(deps: SettlementDeps, userId: string, body: RunBody): Promise<RouteCallDto> {
  const { route, evm } = await requireRoute(deps, userId, body.route);
  const client = routeClient(evm);
  // The contract's owner, not the wallet stored when the route was attached: ownership can be
  // transferred on chain, and a call sent from anyone else only reverts after costing gas.
  const settings = await fromChain(deps, () => readRouteSettings(client, route));
  if (isAddressEqual(settings.owner, zeroAddress)) throw new ApiError(409, "route_without_owner", SETTLEMENT_MESSAGES.noOwner);
  const call = { chain: evm.chainId, from: settings.owner, to: route };
  if (body.action !== "settle") {
    const data = encodeFunctionData({ abi: routeAbi, functionName: body.action, args: [getAddress(body.address)] });
    return { ...call, data };
  }
  const token = tokensOf(evm).find((t) => t.symbol === body.token || (isAddress(body.token, { strict: false }) && isAddressEqual(t.address, body.token)));
  if (!token) throw new ApiError(400, "unsupported_token", SETTLEMENT_MESSAGES.unknownToken, [{ path: "token", message: SETTLEMENT_MESSAGES.unknownToken }]);
  const to = getAddress(body.to);
  const amount = BigInt(body.amount);
  const [balance] = await fromChain(deps, () => readRouteBalances(client, route, [token.address]));
  if (balance! < amount) throw new ApiError(422, "insufficient_balance", SETTLEMENT_MESSAGES.tooMuch, [{ path: "amount", message: SETTLEMENT_MESSAGES.tooMuch }]);
  if (!(await fromChain(deps, () => readMaySettleTo(client, route, to, settings.settlementAddress)))) {
    throw new ApiError(422, "not_whitelisted", SETTLEMENT_MESSAGES.notWhitelisted, [{ path: "to", message: SETTLEMENT_MESSAGES.notWhitelisted }]);
  }
  const data: Hex = encodeFunctionData({ abi: routeAbi, functionName: "settle", args: [token.address, to, amount] });
  return { ...call, data };
}
