import { chainById, explorerTxUrl } from "@/lib/chains";
import { origins } from "../../env";
import type { AppDeps } from "../../deps";
import { localExplorerTx } from "./config";

/**
 * The explorer page of a transaction as this instance sees it: a local sandbox network's own
 * page on the payments origin (`/tx/{chain}/{hash}`), else the chain's public explorer.
 */
export function explorerLinkFor(deps: Pick<AppDeps, "chains" | "env">, chainId: number, hash: string): string | undefined {
  const { solana, evm } = deps.chains;
  const local = (solana?.local && solana.chainId === chainId) || evm.some((e) => e.local && e.chainId === chainId);
  const chain = local ? { explorerTx: localExplorerTx(origins(deps.env).payments, chainId) } : chainById(chainId);
  return chain ? explorerTxUrl(chain, hash) : undefined;
}
