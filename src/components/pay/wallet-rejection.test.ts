import { describe, expect, it } from "vitest";
import { isUserRejection } from "./wallet-rejection";

/** A Solana wallet-adapter error as @solana/wallet-adapter-base builds it: a named Error with the wallet's error as `error`/`cause`. */
function adapterError(name: string, message: string, cause?: unknown) {
  const err = new Error(message, cause === undefined ? undefined : { cause });
  err.name = name;
  return err;
}

/** viem's shape: a wrapper whose `cause` is the UserRejectedRequestError (code 4001). */
function viemRejection() {
  const inner = Object.assign(new Error("User rejected the request."), { name: "UserRejectedRequestError", code: 4001 });
  return Object.assign(new Error("An error occurred while executing a transaction.", { cause: inner }), { name: "TransactionExecutionError" });
}

describe("isUserRejection", () => {
  it.each([
    ["an EIP-1193 error object, code 4001", { code: 4001, message: "MetaMask Tx Signature: User denied transaction signature." }],
    ["code 4001 without words", Object.assign(new Error(""), { code: 4001 })],
    ["viem's UserRejectedRequestError, wrapped", viemRejection()],
    ["Solana WalletSignTransactionError: User rejected the request.", adapterError("WalletSignTransactionError", "User rejected the request.")],
    ["Solana WalletSendTransactionError wrapping the wallet's rejection", adapterError("WalletSendTransactionError", "", new Error("User rejected the request."))],
    ["Solana adapter error holding the wallet's error as `error`", Object.assign(adapterError("WalletSignTransactionError", ""), { error: { code: 4001, message: "User rejected the request." } })],
    ["a bare 'User rejected the request.'", new Error("User rejected the request.")],
    ["a string", "Transaction cancelled by user"],
  ])("%s is the payer's cancel", (_name, err) => {
    expect(isUserRejection(err)).toBe(true);
  });

  it.each([
    ["an insufficient-funds error", new Error("insufficient funds for gas * price + value")],
    ["another EIP-1193 code (4100 unauthorized)", { code: 4100, message: "The requested account has not been authorized" }],
    ["a Solana adapter error with another reason", adapterError("WalletSignTransactionError", "Transaction simulation failed")],
    ["a Solana adapter error with no words and no cause", adapterError("WalletSignTransactionError", "")],
    ["the network rejecting a transaction", new Error("Transaction reverted: execution reverted")],
    ["nothing", undefined],
    ["an empty string", ""],
  ])("%s is not", (_name, err) => {
    expect(isUserRejection(err)).toBe(false);
  });
});
