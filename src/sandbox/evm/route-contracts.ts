import { fileURLToPath } from "node:url";
import { compileContract, type CompileOptions, type CompileResult } from "./compile-contract";

/** contracts/ZpayRouteFactory.sol (it imports ZpayRoute.sol), found from this file so the working directory does not matter. */
export const ROUTE_FACTORY_SOURCE = fileURLToPath(new URL("../../../contracts/ZpayRouteFactory.sol", import.meta.url));
/** contracts/ZpayRoute.sol, compiled on its own only by tests that check its ABI. */
export const ROUTE_SOURCE = fileURLToPath(new URL("../../../contracts/ZpayRoute.sol", import.meta.url));

/** The compile in flight with the default cache: the sandbox's two chains start together and share it. */
let shared: Promise<CompileResult> | undefined;

/**
 * Compiles contracts/ZpayRouteFactory.sol with OpenZeppelin from node_modules (cached on disk, see
 * `compileContract`). Calls with the default cache share one compile while it runs.
 * @throws {EvmSandboxError} when it does not compile.
 */
export function compileRouteFactory(options?: CompileOptions): Promise<CompileResult> {
  if (options?.cacheDir !== undefined) return compileContract(ROUTE_FACTORY_SOURCE, "ZpayRouteFactory", options);
  const running = (shared ??= compileContract(ROUTE_FACTORY_SOURCE, "ZpayRouteFactory", options).finally(() => {
    shared = undefined;
  }));
  return running;
}
