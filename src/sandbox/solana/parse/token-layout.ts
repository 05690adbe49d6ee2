import { base58 } from "./base58";
import type { AccountState } from "../bank/account";
import { isTokenProgram } from "../keys";

/** SPL Token's account layout (the first 165 bytes, shared by Token-2022). */
export interface TokenAccountData {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: "uninitialized" | "initialized" | "frozen";
  /** Rent-exempt reserve when this is a wrapped-SOL account. */
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

export interface MintData {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

export const TOKEN_ACCOUNT_LENGTH = 165;
export const MINT_LENGTH = 82;
// Token-2022 pads mints to 165 bytes and puts an account-type byte at offset 165.
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);
const key = (data: Uint8Array, offset: number) => base58(data.subarray(offset, offset + 32));

function optionKey(data: Uint8Array, offset: number): string | null {
  return view(data).getUint32(offset, true) === 1 ? key(data, offset + 4) : null;
}

function kind(account: AccountState): "account" | "mint" | undefined {
  if (!isTokenProgram(account.owner)) return undefined;
  const { data } = account;
  if (data.length === TOKEN_ACCOUNT_LENGTH) return "account";
  if (data.length === MINT_LENGTH) return "mint";
  if (data.length > ACCOUNT_TYPE_OFFSET) {
    if (data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_ACCOUNT) return "account";
    if (data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT) return "mint";
  }
  return undefined;
}

/** The token account held in `account`, or undefined when it is none (or not initialized). */
export function readTokenAccount(account: AccountState | null): TokenAccountData | undefined {
  if (!account || kind(account) !== "account") return undefined;
  const { data } = account;
  const v = view(data);
  const stateByte = data[108];
  if (stateByte === 0) return undefined;
  return {
    mint: key(data, 0),
    owner: key(data, 32),
    amount: v.getBigUint64(64, true),
    delegate: optionKey(data, 72),
    state: stateByte === 2 ? "frozen" : "initialized",
    isNative: v.getUint32(109, true) === 1 ? v.getBigUint64(113, true) : null,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: optionKey(data, 129),
  };
}

/** The mint held in `account`, or undefined. */
export function readMint(account: AccountState | null): MintData | undefined {
  if (!account || kind(account) !== "mint") return undefined;
  const { data } = account;
  const v = view(data);
  const isInitialized = data[45] === 1;
  if (!isInitialized) return undefined;
  return {
    mintAuthority: optionKey(data, 0),
    supply: v.getBigUint64(36, true),
    decimals: data[44]!,
    isInitialized,
    freezeAuthority: optionKey(data, 46),
  };
}

/** "1.5" for 1500000 at 6 decimals: agave's trimmed real-number string. */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const text = amount.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The UiTokenAmount object every token-amount field of the RPC uses. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const text = uiAmountString(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}
