import type { AppDeps } from "../../deps";
import { origins } from "../../env";
import { listSupportedCurrencies } from "../merchants";
import { buildChainConfig, type ChainConfig } from "./config";

/** SPEC §3 Config: the chains and tokens this instance offers plus the billing currencies. */
export async function readConfig(deps: AppDeps): Promise<ChainConfig & { fiats: [string, string][] }> {
  const fiats = await listSupportedCurrencies(deps.database.db);
  return { ...buildChainConfig(deps.chains, origins(deps.env).payments), fiats };
}
