import { chainById } from "./chains";
import type { WalletFamily } from "./wallet-families";

/**
 * What the wallet API answers when it refuses a receiving wallet, shared by the server and the
 * story server so both say the same thing.
 */

const chainName = (id: number) => chainById(id)?.name ?? `chain ${id}`;

/** SPEC §7 `already-attached`: the client shows this message as HTML and clears the wallet it was attaching. */
export function alreadyAttachedMessage(existing: { chainId: number; family: WalletFamily | string }): string {
  const where = existing.family === "evm" ? "EVM networks" : chainName(existing.chainId);
  return `A receiving wallet is already attached for <b>${where}</b>. To receive at another address, use <b>Change address</b> in Settings › Deposits.`;
}

/**
 * `address_held_elsewhere` (409): another merchant already receives at this address, and typing
 * an address in proves nothing. The client shows its own translation of it (en, fr) with a way
 * to prove the address by signing with its wallet.
 */
export const ADDRESS_HELD_ELSEWHERE =
  "Another merchant already receives payments at this address. If it is yours, connect its wallet and sign a message to prove it; typing it in is not enough.";

/** `address_not_proven` (409): mapping an inflow to an address the merchant shares without having proved it. */
export const INFLOW_ADDRESS_NOT_PROVEN =
  "Another merchant also receives at the address this money reached. Prove the address is yours (Settings › Deposits: connect its wallet and sign) to map it.";

/** `wallet_not_found`: update-address for a family with no wallet yet. */
export function noWalletMessage(chainId: number, family: WalletFamily | string): string {
  return `No receiving wallet is attached for ${family === "evm" ? "EVM networks" : chainName(chainId)} yet.`;
}

/** Refused proofs of a connected wallet (422). */
export const PROOF_MESSAGES = {
  required: "Connect and sign with this wallet to attach it, or enter the address manually.",
  used: "This signature request was already used or was not issued to you. Please connect your wallet again.",
  expired: "This signature request has expired. Please connect your wallet again.",
  mismatch: "This signature was made for another wallet or network. Please connect your wallet again.",
  badSignature: "The signature does not match this wallet.",
} as const;

/** `chain_not_allowed`: a chain restricted away from this merchant (SPEC §6). */
export const CHAIN_NOT_ALLOWED = "This network is not available for your account.";
