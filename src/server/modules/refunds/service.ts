import { Connection } from "@solana/web3.js";
import { createPublicClient, http, isAddress, type Address, type Hex, type PublicClient } from "viem";
import { formatBaseUnits } from "@/lib/money";
import { REFUND_MESSAGES, refundLabel, refundMemo, type RefundBalanceDto, type RefundInstructionDto } from "@/lib/refund";
import { findEvmRefundTransfer } from "../../chains/evm/find-refund-transfer";
import { readEvmTokenBalance } from "../../chains/evm/read-token-balance";
import type { ChainRuntime, EvmRuntime } from "../../chains/runtime";
import { findRefundTransfer } from "../../chains/solana/find-refund-transfer";
import { readTokenBalance } from "../../chains/solana/read-token-balance";
import type { Db } from "../../db/client";
import type { RefundRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Logger } from "../../logger";
import { RefundError, confirmRefund, refundableAmount, type Refundable } from "../../payments/refunds";

/** A refund refusal as the API answers it (SPEC §8: the dialog shows the server's message). */
export function toApiError(err: unknown): unknown {
  if (!(err instanceof RefundError)) return err;
  switch (err.reason) {
    case "not_found":
      return new ApiError(404, "transaction_not_found", REFUND_MESSAGES.notFound);
    case "no_payer":
      return new ApiError(409, "no_payer", REFUND_MESSAGES.noPayer);
    case "not_refundable":
      return new ApiError(409, "not_refundable", REFUND_MESSAGES.notRefundable);
    case "nothing_left":
      return new ApiError(409, "already_refunded", REFUND_MESSAGES.nothingLeft);
    case "not_positive":
      return new ApiError(400, "invalid_amount", REFUND_MESSAGES.notPositive);
    case "above_available":
      return new ApiError(409, "above_available", REFUND_MESSAGES.aboveAvailable.replace("{available}", err.availableLabel));
  }
}

/** The connection to the Solana network this process pays on, when it pays on one. */
function solanaConnection(chains: ChainRuntime, chainId: number): Connection | undefined {
  const solana = chains.solana;
  if (!solana || solana.chainId !== chainId) return undefined;
  return new Connection(solana.rpcUrl, { commitment: "confirmed", wsEndpoint: solana.wsUrl });
}

/** The EVM network this process pays on with that chain id (one with a fee proxy), and a client to read it. */
function evmChain(chains: ChainRuntime, chainId: number): { runtime: EvmRuntime & { feeProxy: Address }; client: PublicClient } | undefined {
  const runtime = chains.evm.find((c) => c.chainId === chainId);
  if (!runtime?.feeProxy) return undefined;
  return { runtime: runtime as EvmRuntime & { feeProxy: Address }, client: createPublicClient({ transport: http(runtime.rpcUrl), cacheTime: 0 }) };
}

/**
 * The merchant wallet's balance of the refund's token, or null when this process cannot read that
 * chain (the dialog then says it could not check; the wallet still refuses an overdraft).
 */
export async function merchantBalance(chains: ChainRuntime, refundable: Refundable, log: Logger): Promise<bigint | null> {
  if (refundable.chainId >= 0) {
    const evm = evmChain(chains, refundable.chainId);
    const owner = refundable.merchantOwner ?? refundable.merchantTokenAccount;
    if (!evm || !isAddress(owner) || !isAddress(refundable.tokenAddress)) return null;
    return readEvmTokenBalance(evm.client, refundable.tokenAddress, owner).catch((err: unknown) => {
      log.warn({ err, chain: refundable.chainId }, "could not read the merchant's token balance for a refund");
      return null;
    });
  }
  const connection = solanaConnection(chains, refundable.chainId);
  if (!connection) return null;
  try {
    return await readTokenBalance(connection, refundable.merchantTokenAccount);
  } catch (err) {
    log.warn({ err, chain: refundable.chainId }, "could not read the merchant's token balance for a refund");
    return null;
  }
}

export function toBalanceDto(refundable: Refundable, balance: bigint | null): RefundBalanceDto {
  const available = refundableAmount(refundable);
  const refunded = refundable.refunds.filter((r) => r.status === "confirmed").reduce((s, r) => s + r.amount, 0n);
  return {
    txAmount: available.toString(),
    txAmountStr: { label: refundLabel(available, refundable.decimals, refundable.token), info: { decimals: refundable.decimals, token: refundable.token } },
    availBalanceStr: balance === null ? null : formatBaseUnits(balance, refundable.decimals),
    availBalance: balance === null ? null : balance.toString(),
    received: refundable.received.toString(),
    refunded: refunded.toString(),
    paymentId: refundable.kind === "payment" ? refundable.id : null,
    unmappedId: refundable.kind === "unmapped" ? refundable.id : null,
    chain: refundable.chainId,
  };
}

export function toInstructionDto(refund: RefundRow, refundable: Refundable, chains: ChainRuntime): RefundInstructionDto {
  return {
    refundId: refund.id,
    chain: refund.chainId,
    tokenAddress: refund.tokenAddress,
    token: refundable.token,
    decimals: refund.decimals,
    amount: refund.amount.toString(),
    from: refundable.merchantOwner,
    sourceTokenAccount: refund.sourceTokenAccount,
    to: refund.destinationOwner,
    destinationTokenAccount: refund.destinationTokenAccount,
    reference: refund.reference,
    memo: refundMemo(refund.id),
    proxy: refund.chainId >= 0 ? (chains.evm.find((c) => c.chainId === refund.chainId)?.feeProxy ?? null) : null,
  };
}

/**
 * Looks for the refund's transfer back on chain (by its reference; on EVM the hash the merchant's
 * wallet answered is tried first, and checked like any other) and confirms the refund when it is
 * there. Answers the webhook event ids to deliver (empty when not seen yet or already done).
 */
export async function confirmIfOnChain(
  db: Db,
  chains: ChainRuntime,
  refund: RefundRow,
  now: Date,
  claimedHash: string | null = refund.signature,
): Promise<{ confirmed: boolean; eventIds: string[] }> {
  if (refund.status === "confirmed") return { confirmed: true, eventIds: [] };
  if (refund.status === "failed") return { confirmed: false, eventIds: [] };
  if (refund.chainId >= 0) return confirmEvmIfOnChain(db, chains, refund, now, claimedHash);
  const connection = solanaConnection(chains, refund.chainId);
  if (!connection) return { confirmed: false, eventIds: [] };
  const found = await findRefundTransfer(
    connection,
    { reference: refund.reference, source: refund.sourceTokenAccount, destination: refund.destinationTokenAccount, mint: refund.tokenAddress, amount: refund.amount },
    "confirmed",
  );
  if (!found) return { confirmed: false, eventIds: [] };
  return { confirmed: true, eventIds: await confirmRefund(db, refund.id, found.signature, now) };
}

/** The EVM side of `confirmIfOnChain`: the fee-proxy transfer from the merchant's wallet to the payer. */
async function confirmEvmIfOnChain(db: Db, chains: ChainRuntime, refund: RefundRow, now: Date, claimedHash: string | null): Promise<{ confirmed: boolean; eventIds: string[] }> {
  const evm = evmChain(chains, refund.chainId);
  const { sourceTokenAccount: from, destinationOwner: to, tokenAddress: token } = refund;
  if (!evm || !isAddress(from) || !isAddress(to) || !isAddress(token)) return { confirmed: false, eventIds: [] };
  const found = await findEvmRefundTransfer(evm.client, evm.runtime.feeProxy, { reference: refund.reference as Hex, from, to, token, amount: refund.amount }, { hash: claimedHash });
  if (!found) return { confirmed: false, eventIds: [] };
  return { confirmed: true, eventIds: await confirmRefund(db, refund.id, found.hash, now) };
}
