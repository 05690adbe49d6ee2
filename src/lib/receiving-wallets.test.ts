import { describe, expect, it } from "vitest";
import { LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET } from "./chains";
import { hasReceivingWallet, receivingWallet, walletForChain, type ReceivingWalletDto } from "./receiving-wallets";

const wallet = (overrides: Partial<ReceivingWalletDto>): ReceivingWalletDto => ({
  _id: "w",
  chain: SOLANA_DEVNET,
  chainName: "Solana Devnet",
  family: "solana",
  chains: [SOLANA_DEVNET],
  address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  type: "manual",
  walletName: null,
  chainSwitchPossible: false,
  proven: false,
  valid: true,
  createdAt: "2026-11-01T08:00:00.000Z",
  updatedAt: "2026-11-01T08:00:00.000Z",
  ...overrides,
});
const evm = wallet({ chain: 137, family: "evm", chains: [LOCAL_EVM_CHAIN_ID, 137], address: "0x52908400098527886E0F7030069857D2E4169EE7" });

describe("receiving wallets", () => {
  it("any usable wallet lifts the no-wallet warning, an EVM one included", () => {
    expect(hasReceivingWallet({ wallets: [] })).toBe(false);
    expect(hasReceivingWallet({ wallets: [evm] })).toBe(true);
    expect(hasReceivingWallet({ wallets: [wallet({ valid: false })] })).toBe(false);
  });

  it("finds the wallet that receives on a chain, through the chains it serves", () => {
    expect(walletForChain([wallet({}), evm], LOCAL_EVM_CHAIN_ID)).toBe(evm);
    expect(walletForChain([wallet({}), evm], 1)).toBeUndefined();
    expect(receivingWallet({ chain: SOLANA_DEVNET, chains: [SOLANA_DEVNET], wallets: [evm] })).toBeUndefined();
    expect(receivingWallet({ chain: SOLANA_DEVNET, chains: [SOLANA_DEVNET], wallets: [evm, wallet({})] })?.family).toBe("solana");
  });
});
