import type { Address } from "viem";
import { feeProxyArtifact } from "./fee-proxy-artifact";

/**
 * The chain ids of the network names `@requestnetwork/smart-contracts` uses, for the chains zpay
 * knows (SPEC §9). Aurora is absent on purpose: the package lists a NEAR account there, not an
 * EVM contract. OKX Chain has no deployment.
 */
const NETWORK_CHAIN_IDS: Record<string, number> = {
  mainnet: 1,
  optimism: 10,
  bsc: 56,
  matic: 137,
  moonbeam: 1284,
  base: 8453,
  "arbitrum-one": 42161,
  avalanche: 43114,
};

/**
 * Where Request Network's ERC20FeeProxy is deployed (the package's newest contract version), by
 * chain id. A production EVM chain is payable only when it is listed here.
 * @throws {EvmChainError} when the package cannot be read.
 */
export function feeProxyDeployments(): ReadonlyMap<number, Address> {
  const { deployments } = feeProxyArtifact();
  const byChain = new Map<number, Address>();
  for (const [network, address] of Object.entries(deployments)) {
    const chainId = NETWORK_CHAIN_IDS[network];
    if (chainId !== undefined) byChain.set(chainId, address);
  }
  return byChain;
}
