/** The receiving wallets as `GET /api/wallet/networks` answers them (SPEC §3 Wallet). */
export interface ReceivingWalletDto {
  _id: string;
  /** SPEC §3 chain id. */
  chain: number;
  chainName: string;
  address: string;
  type: "manual";
  valid: boolean;
  createdAt: string;
}

export interface WalletNetworks {
  /** The chain this instance receives payments on. */
  chain: number;
  wallets: ReceivingWalletDto[];
}

/** The usable wallet on the receiving chain, if the merchant attached one. */
export function receivingWallet(networks: WalletNetworks): ReceivingWalletDto | undefined {
  return networks.wallets.find((w) => w.chain === networks.chain && w.valid);
}
