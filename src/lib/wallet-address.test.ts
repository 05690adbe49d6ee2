import { describe, expect, it } from "vitest";
import bs58 from "bs58";
import fc from "fast-check";
import { ICP_MAINNET, LOCAL_EVM_CHAIN_ID, NEAR_MAINNET, SOLANA_DEVNET, SOLANA_MAINNET } from "./chains";
import { WALLET_ADDRESS_MESSAGES, addressRuleFor, isSolanaAddress, isValidWalletAddress, walletAddressError } from "./wallet-address";

const SOL = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("wallet address rules (SPEC §5)", () => {
  it.each([1, 10, 42161, 56, 137, 43114, 1313161554])("chain %i takes 0x plus 40 hex characters", (chain) => {
    expect(addressRuleFor(chain)).toBe("evm");
    expect(isValidWalletAddress(chain, EVM)).toBe(true);
    expect(isValidWalletAddress(chain, EVM.toLowerCase())).toBe(true);
    expect(isValidWalletAddress(chain, EVM.slice(0, -1))).toBe(false);
    expect(isValidWalletAddress(chain, `${EVM}0`)).toBe(false);
    expect(isValidWalletAddress(chain, EVM.replace("0x", "0X"))).toBe(false);
    expect(isValidWalletAddress(chain, EVM.replace("E7", "G7"))).toBe(false);
    expect(isValidWalletAddress(chain, SOL)).toBe(false);
  });

  it("applies the EVM rule to the other EVM chains it knows (Base, the sandbox EVM)", () => {
    expect(addressRuleFor(8453)).toBe("evm");
    expect(addressRuleFor(LOCAL_EVM_CHAIN_ID)).toBe("evm");
  });

  it.each([SOLANA_MAINNET, SOLANA_DEVNET])("Solana %i takes base58 of 32 to 44 characters decoding to a key", (chain) => {
    expect(addressRuleFor(chain)).toBe("solana");
    expect(isValidWalletAddress(chain, SOL)).toBe(true);
    expect(isValidWalletAddress(chain, "11111111111111111111111111111111")).toBe(true); // the system program, 32 chars
    expect(isValidWalletAddress(chain, SOL.replace("x", "0"))).toBe(false); // 0 is not base58
    expect(isValidWalletAddress(chain, SOL.replace("x", "l"))).toBe(false); // nor l, O, I
    expect(isValidWalletAddress(chain, SOL.slice(0, 31))).toBe(false);
    expect(isValidWalletAddress(chain, "z".repeat(44))).toBe(false); // base58 but 33 bytes: no key
    expect(isValidWalletAddress(chain, EVM)).toBe(false);
  });

  it("accepts every encoded 32-byte key (property)", () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => isSolanaAddress(bs58.encode(bytes))));
  });

  it("NEAR takes lowercase names ending .near; ICP 64 lowercase hex", () => {
    expect(isValidWalletAddress(NEAR_MAINNET, "shop.near")).toBe(true);
    expect(isValidWalletAddress(NEAR_MAINNET, "pay.my-shop.near")).toBe(true);
    expect(isValidWalletAddress(NEAR_MAINNET, "Shop.near")).toBe(false);
    expect(isValidWalletAddress(NEAR_MAINNET, "shop.testnet")).toBe(false);
    expect(isValidWalletAddress(ICP_MAINNET, "a".repeat(64))).toBe(true);
    expect(isValidWalletAddress(ICP_MAINNET, "A".repeat(64))).toBe(false);
    expect(isValidWalletAddress(ICP_MAINNET, "a".repeat(63))).toBe(false);
  });

  it("accepts anything non-empty on chains without a rule", () => {
    expect(addressRuleFor(999_999)).toBe("none");
    expect(isValidWalletAddress(999_999, "anything")).toBe(true);
  });

  it("says 'Wallet Address required' for empty input and the SPEC message for a bad one", () => {
    expect(walletAddressError(SOLANA_DEVNET, "")).toBe("Wallet Address required");
    expect(walletAddressError(SOLANA_DEVNET, "   ")).toBe(WALLET_ADDRESS_MESSAGES.required);
    expect(walletAddressError(SOLANA_DEVNET, undefined)).toBe(WALLET_ADDRESS_MESSAGES.required);
    expect(walletAddressError(SOLANA_DEVNET, "not-an-address")).toBe("Invalid wallet address. Please double-check and try again.");
    expect(walletAddressError(SOLANA_DEVNET, ` ${SOL}\n`)).toBeUndefined();
    expect(walletAddressError(SOLANA_DEVNET, "", { required: "Requis", invalid: "Invalide" })).toBe("Requis");
  });
});
