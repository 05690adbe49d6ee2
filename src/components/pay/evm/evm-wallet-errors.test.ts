import { describe, expect, it } from "vitest";
import { ChainNotConfiguredError } from "@wagmi/core";
import { InvalidParamsRpcError, SwitchChainError, TransactionExecutionError, UserRejectedRequestError, BaseError } from "viem";
import { classifyEvmWalletError, evmWalletMessage } from "./evm-wallet-errors";

/** What a wallet's EIP-1193 provider throws. */
const walletError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe("EVM wallet errors", () => {
  it("reads a refusal in the wallet as rejected, however deep viem wrapped it", () => {
    const rejected = new UserRejectedRequestError(walletError(4001, "User denied transaction signature."));
    expect(classifyEvmWalletError(rejected)).toBe("rejected");
    expect(classifyEvmWalletError(new TransactionExecutionError(rejected, { account: undefined } as never))).toBe("rejected");
    expect(classifyEvmWalletError(walletError(4001, "no"))).toBe("rejected");
  });

  it("reads an unknown or refused chain as chain-not-allowed", () => {
    expect(classifyEvmWalletError(new SwitchChainError(walletError(4902, "Unrecognized chain ID \"0x7a6a\"")))).toBe("chain-not-allowed");
    expect(classifyEvmWalletError(new ChainNotConfiguredError())).toBe("chain-not-allowed");
    expect(classifyEvmWalletError(new Error("This chain is not supported by the wallet"))).toBe("chain-not-allowed");
  });

  it("reads the wallet's own answer under wagmi's blanket rejection of a failed network add", () => {
    const addFailed = new UserRejectedRequestError(walletError(-32603, "This network is not supported by the wallet."));
    expect(classifyEvmWalletError(addFailed)).toBe("chain-not-allowed");
    const addRefused = new UserRejectedRequestError(walletError(4001, "User rejected the request."));
    expect(classifyEvmWalletError(addRefused)).toBe("rejected");
  });

  it("reads anything else as other", () => {
    expect(classifyEvmWalletError(new InvalidParamsRpcError(walletError(-32602, "Invalid parameters: must provide an Ethereum address.")))).toBe("other");
    expect(classifyEvmWalletError(new Error("execution reverted"))).toBe("other");
    expect(classifyEvmWalletError(undefined)).toBe("other");
  });

  it("takes the wallet's own words from under viem's generic message", () => {
    const err = new InvalidParamsRpcError(new BaseError("x", { details: "Invalid parameters: must provide an Ethereum address." }));
    expect(err.shortMessage).toMatch(/Invalid parameters were provided/);
    expect(evmWalletMessage(err)).toBe("Invalid parameters: must provide an Ethereum address.");
  });

  it("falls back to the short message, the first line of the message, or the text", () => {
    expect(evmWalletMessage(new BaseError("Short and clear."))).toBe("Short and clear.");
    expect(evmWalletMessage(new Error("first line\nsecond line"))).toBe("first line");
    expect(evmWalletMessage("plain")).toBe("plain");
    expect(evmWalletMessage(null)).toBe("");
  });
});
