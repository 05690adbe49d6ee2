import bs58 from "bs58";
import { CHAIN_TYPE, ICP_MAINNET, NEAR_MAINNET, chainById } from "./chains";

/**
 * Receiving-wallet address rules by chain (SPEC §5 "Wallet address by chain"), shared by the
 * wallet form and the server, which checks again before storing an address.
 */

/** SPEC §5: the messages the form and the API show. */
export const WALLET_ADDRESS_MESSAGES = {
  required: "Wallet Address required",
  invalid: "Invalid wallet address. Please double-check and try again.",
} as const;
export type WalletAddressMessages = Record<keyof typeof WALLET_ADDRESS_MESSAGES, string>;

/** The EVM chains SPEC §5 names; any other chain registered as EVM gets the same rule. */
export const EVM_ADDRESS_CHAIN_IDS: readonly number[] = [1, 10, 42161, 56, 137, 43114, 1313161554];

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58_32_TO_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const NEAR_NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.near$/;
const ICP_ACCOUNT = /^[0-9a-f]{64}$/;

/** Which rule applies to a chain; `none` accepts any non-empty text (SPEC §5 "other chains"). */
export type AddressRule = "evm" | "solana" | "near" | "icp" | "none";

export function addressRuleFor(chainId: number): AddressRule {
  if (EVM_ADDRESS_CHAIN_IDS.includes(chainId)) return "evm";
  if (chainId === NEAR_MAINNET) return "near";
  if (chainId === ICP_MAINNET) return "icp";
  const type = chainById(chainId)?.type;
  // Solana mainnet (-5000) per SPEC, and the devnet/testnet the sandbox pays on.
  if (type === CHAIN_TYPE.solana) return "solana";
  // Base, Moonbeam, OKX Chain, the sandbox EVM: a mistyped address would lose funds there too.
  if (type === CHAIN_TYPE.evm) return "evm";
  return "none";
}

/** A Solana address: base58 of 32 to 44 characters that decodes to a 32-byte public key. */
export function isSolanaAddress(address: string): boolean {
  if (!BASE58_32_TO_44.test(address)) return false;
  try {
    return bs58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** Whether `address` (already trimmed) passes the rule of `chainId`. */
export function isValidWalletAddress(chainId: number, address: string): boolean {
  if (!address) return false;
  switch (addressRuleFor(chainId)) {
    case "evm":
      return EVM_ADDRESS.test(address);
    case "solana":
      return isSolanaAddress(address);
    case "near":
      return NEAR_NAME.test(address);
    case "icp":
      return ICP_ACCOUNT.test(address);
    case "none":
      return true;
  }
}

/**
 * The message to show for an entered address, or undefined when it is fine. Surrounding spaces
 * (a paste) are ignored; store `address.trim()`.
 */
export function walletAddressError(
  chainId: number,
  address: string | null | undefined,
  messages: WalletAddressMessages = WALLET_ADDRESS_MESSAGES,
): string | undefined {
  const trimmed = (address ?? "").trim();
  if (!trimmed) return messages.required;
  return isValidWalletAddress(chainId, trimmed) ? undefined : messages.invalid;
}
