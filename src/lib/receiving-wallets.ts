import type { WalletFamily } from "./wallet-families";

/**
 * How a receiving wallet was attached (SPEC §3 Wallet.type). SPEC's list names the EVM
 * connectors (`metamask` for the browser's injected wallets, `walletconnect`, `coinbasewallet`)
 * and `manual`; a wallet connected through the Solana Wallet Standard is recorded as `solana`,
 * because SPEC §4 tells Solana connections apart by their `solana_` name prefix rather than by a
 * connector type, and none of the four fits (`manual` would claim no proof was made). The
 * wallet's own name (Phantom, Rabby …) is kept beside it in `walletName`.
 */
export const WALLET_TYPES = ["metamask", "walletconnect", "coinbasewallet", "solana", "manual"] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** A receiving wallet as `GET /api/wallet/networks` answers it (SPEC §3 Wallet). */
export interface ReceivingWalletDto {
  _id: string;
  /** The SPEC §3 chain id it was attached on. */
  chain: number;
  chainName: string;
  family: WalletFamily;
  /** The chains it receives on (every enabled EVM chain for an EVM address). */
  chains: number[];
  address: string;
  type: WalletType;
  walletName: string | null;
  /** SPEC §3: an EVM wallet can switch chains; a Solana one cannot. */
  chainSwitchPossible: boolean;
  /** A signature proved the merchant holds it (false when entered manually). */
  proven: boolean;
  valid: boolean;
  createdAt: string;
  updatedAt: string;
  /** Non-custodial EVM wallets: the route contract payments go to (SPEC §3 Wallet.route). */
  route?: string;
  /** Non-custodial EVM wallets: the route's deploy transaction, when deployed while attaching (SPEC §3 Wallet.hash). */
  hash?: string;
  /** Non-custodial EVM wallets: the route was verified on chain (SPEC's walletDeployed). */
  walletDeployed?: boolean;
}

export interface WalletNetworks {
  /** The Solana chain this instance receives payments on. */
  chain: number;
  /** Every chain the merchant may attach a wallet for (after restrictions). */
  chains: number[];
  wallets: ReceivingWalletDto[];
}

/** One offered chain in `GET /api/wallet/networks/status`. */
export interface ChainReceivingStatus {
  chain: number;
  chainName: string;
  family: WalletFamily;
  /** The family's wallet address, when one is attached. */
  address: string | null;
  /** Payments on this chain reach the merchant (a usable wallet serves it). */
  receiving: boolean;
  /** EVM chains with zpay's route factory: where a non-custodial merchant deploys its route. */
  routeFactory?: string;
}

export interface WalletNetworksStatus {
  /** At least one offered chain can receive payments. */
  canReceive: boolean;
  /** SPEC §6: the merchant attaches an EVM wallet only with its route contract deployed. */
  nonCustodial?: boolean;
  chains: ChainReceivingStatus[];
  wallets: ReceivingWalletDto[];
}

/** The usable wallet on the instance's Solana chain, if the merchant attached one. */
export function receivingWallet(networks: WalletNetworks): ReceivingWalletDto | undefined {
  return networks.wallets.find((w) => w.valid && w.chains.includes(networks.chain));
}

/** Whether any usable wallet is attached (SPEC §2: the no-wallet warning goes once one is). */
export function hasReceivingWallet(networks: Pick<WalletNetworks, "wallets">): boolean {
  return networks.wallets.some((w) => w.valid);
}

/** The usable wallet of a chain's family that receives on that chain. */
export function walletForChain(wallets: readonly ReceivingWalletDto[], chainId: number): ReceivingWalletDto | undefined {
  return wallets.find((w) => w.valid && w.chains.includes(chainId));
}
