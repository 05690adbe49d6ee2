import { getBalance, getConnection, readContract, waitForTransactionReceipt, writeContract, type Config } from "@wagmi/core";
import { erc20Abi, isAddress, isHex, type Address, type Hex } from "viem";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { InsufficientBalanceError, PaymentFailedOnChainError, type PaymentSender } from "../payment-sender";
import { classifyEvmWalletError, evmWalletMessage, type EvmWalletErrorKind } from "./evm-wallet-errors";
import { feeProxyAbi, NO_FEE_ADDRESS } from "./fee-proxy-abi";

/** SPEC §9: the gas limit of a token payment (0x186a0); the approval is left to the wallet's estimate. */
export const TOKEN_PAYMENT_GAS = 0x186a0n;

/** A wallet or network failure, with the wallet's own words as its message (for the toast). */
export class EvmWalletError extends Error {
  constructor(
    message: string,
    readonly kind: EvmWalletErrorKind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "EvmWalletError";
  }
}

/** A viem/wagmi error as the payer should read it (viem's own messages are several lines with links). */
export function asWalletError(err: unknown): Error {
  if (err instanceof EvmWalletError || err instanceof InsufficientBalanceError || err instanceof PaymentFailedOnChainError) return err;
  return new EvmWalletError(evmWalletMessage(err), classifyEvmWalletError(err), { cause: err });
}

/** What the EVM payment needs from the server's answer to start (the proxy design: token, merchant, amount, reference, proxy). */
interface EvmPayment {
  chainId: number;
  token: Address;
  recipient: Address;
  proxy: Address;
  amount: bigint;
  reference: Hex;
}

/** @throws Error when the server's answer lacks what an EVM payment needs (an older server, a Solana answer). */
export function evmPaymentOf(info: PaymentTransactionInfo & { proxy?: string }): EvmPayment {
  const { tokenAddress, recipient, proxy, reference, amountWei } = info;
  if (!isAddress(tokenAddress) || !isAddress(recipient) || !proxy || !isAddress(proxy) || !isHex(reference) || !/^\d+$/.test(amountWei)) {
    throw new Error("The payment details from the server are not an EVM payment.");
  }
  return { chainId: info.chain, token: tokenAddress, recipient, proxy, amount: BigInt(amountWei), reference };
}

/**
 * Pays through Request Network's ERC20FeeProxy from the connected wallet: checks the token and
 * gas balances, lets the proxy take the amount when its allowance is short (`approve`, waited
 * for), then calls `transferFromWithReferenceAndFee(token, merchant, amount, reference, 0, 0x0)`
 * and waits for its receipt. `reset` disconnects the wallet after a failure (SPEC §8).
 */
export function createEvmPaymentSender({ config, payer, reset }: { config: Config; payer: Address; reset?: () => void }): PaymentSender {
  return {
    reset,
    async send(info, onSent, onStep) {
      const p = evmPaymentOf(info);
      const { chainId } = p;
      if (getConnection(config).chainId !== chainId) throw new EvmWalletError("Switch your wallet to the payment's network, then pay again.", "other");
      try {
        const [balance, native] = await Promise.all([
          readContract(config, { chainId, address: p.token, abi: erc20Abi, functionName: "balanceOf", args: [payer] }),
          getBalance(config, { chainId, address: payer }),
        ]);
        if (balance < p.amount) throw new InsufficientBalanceError("token", balance, p.amount);
        if (native.value === 0n) throw new InsufficientBalanceError("native", 0n, 1n);

        const allowance = await readContract(config, { chainId, address: p.token, abi: erc20Abi, functionName: "allowance", args: [payer, p.proxy] });
        if (allowance < p.amount) {
          onStep?.("approving");
          // USDT (and tokens like it) refuse to change one non-zero allowance into another: clear it first.
          if (allowance > 0n) await approve(config, p, payer, 0n);
          await approve(config, p, payer, p.amount);
        }

        onStep?.("paying");
        const hash = await writeContract(config, {
          chainId,
          account: payer,
          address: p.proxy,
          abi: feeProxyAbi,
          functionName: "transferFromWithReferenceAndFee",
          args: [p.token, p.recipient, p.amount, p.reference, 0n, NO_FEE_ADDRESS],
          gas: TOKEN_PAYMENT_GAS,
        });
        onSent(hash);
        const receipt = await waitForTransactionReceipt(config, { chainId, hash });
        if (receipt.status !== "success") throw new PaymentFailedOnChainError(hash, "The payment transaction failed on the network.");
        return hash;
      } catch (err) {
        throw asWalletError(err);
      }
    },
  };
}

/** Lets the proxy take `amount` of the token and waits until the network has it. */
async function approve(config: Config, p: EvmPayment, payer: Address, amount: bigint): Promise<void> {
  const hash = await writeContract(config, { chainId: p.chainId, account: payer, address: p.token, abi: erc20Abi, functionName: "approve", args: [p.proxy, amount] });
  const receipt = await waitForTransactionReceipt(config, { chainId: p.chainId, hash });
  if (receipt.status !== "success") throw new PaymentFailedOnChainError(hash, "The token approval failed on the network.");
}
