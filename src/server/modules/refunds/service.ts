import { encodeFunctionData, type Address, type Hex } from "viem";
import { formatBaseUnits } from "@/lib/money";
import { REFUND_MESSAGES, refundLabel, refundMemo, type RefundBalanceDto, type RefundInstructionDto, type RefundMayStillArrive } from "@/lib/refund";
import { routeAbi } from "../../chains/evm/route-abi";
import type { ChainRuntime } from "../../chains/runtime";
import { payableChain } from "../../chains/families";
import type { RefundRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { Logger } from "../../logger";
import { mayStillLand } from "../../payments/refund-rules";
import { RefundError, refundableAmount, type Refundable } from "../../payments/refunds";

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
    case "sender_refunded":
      return new ApiError(409, "sender_refunded", REFUND_MESSAGES.senderRefunded);
    case "not_a_sender":
      return new ApiError(422, "not_a_sender", REFUND_MESSAGES.notASender);
    case "not_positive":
      return new ApiError(400, "invalid_amount", REFUND_MESSAGES.notPositive);
    case "above_available":
      return new ApiError(409, "above_available", REFUND_MESSAGES.aboveAvailable.replace("{available}", err.availableLabel));
  }
}

/**
 * The merchant wallet's balance of the refund's token, or null when this process cannot read that
 * chain (the dialog then says it could not check; the wallet still refuses an overdraft).
 */
export async function merchantBalance(chains: ChainRuntime, refundable: Refundable, log: Logger): Promise<bigint | null> {
  const payable = payableChain(chains, refundable.chainId);
  if (!payable) return null;
  // Money that arrived in a route leaves from the route: its balance is what can be sent back.
  const owner = refundable.route?.address ?? refundable.merchantOwner ?? refundable.merchantTokenAccount;
  try {
    const balance = await payable.family.tokenBalance(payable.chain, { tokenAccount: refundable.merchantTokenAccount, owner }, refundable.tokenAddress);
    return balance ?? null;
  } catch (err) {
    log.warn({ err, chain: refundable.chainId }, "could not read the merchant's token balance for a refund");
    return null;
  }
}

/** How the money goes back: a Solana transfer, the EVM fee proxy from the wallet, or the merchant's route. */
const viaOf = (r: Refundable): RefundBalanceDto["via"] => (r.route ? "route" : r.chainId >= 0 ? "proxy" : "transfer");

/** The earlier refunds whose transfer may still land, and their total (null when none): the dialog warns of a double refund. */
function mayStillArrive(refundable: Refundable, now: Date): RefundMayStillArrive | null {
  const total = refundable.refunds.filter((r) => mayStillLand(r, now)).reduce((s, r) => s + r.amount, 0n);
  return total > 0n ? { amount: total.toString(), label: refundLabel(total, refundable.decimals, refundable.token) } : null;
}

export function toBalanceDto(refundable: Refundable, balance: bigint | null, now = new Date()): RefundBalanceDto {
  const destination = refundable.senders[0];
  // A refund that names no sender goes to the default one, and at most what it may get.
  const available = destination ? destination.available : refundableAmount(refundable);
  const label = (amount: bigint) => refundLabel(amount, refundable.decimals, refundable.token);
  const refunded = refundable.refunds.filter((r) => r.status === "confirmed").reduce((s, r) => s + r.amount, 0n);
  return {
    txAmount: available.toString(),
    txAmountStr: { label: label(available), info: { decimals: refundable.decimals, token: refundable.token } },
    availBalanceStr: balance === null ? null : formatBaseUnits(balance, refundable.decimals),
    availBalance: balance === null ? null : balance.toString(),
    received: refundable.received.toString(),
    refunded: refunded.toString(),
    paymentId: refundable.kind === "payment" ? refundable.id : null,
    unmappedId: refundable.kind === "unmapped" ? refundable.id : null,
    chain: refundable.chainId,
    via: viaOf(refundable),
    mayStillArrive: mayStillArrive(refundable, now),
    to: destination?.owner ?? null,
    senders: refundable.senders.map((s) => ({ address: s.owner, tokenAccount: s.tokenAccount, sent: s.sent.toString(), available: s.available.toString(), label: label(s.available) })),
  };
}

export function toInstructionDto(refund: RefundRow, refundable: Refundable, chains: ChainRuntime, now = new Date()): RefundInstructionDto {
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
    proxy: refund.chainId >= 0 && !refundable.route ? (chains.evm.find((c) => c.chainId === refund.chainId)?.feeProxy ?? null) : null,
    via: viaOf(refundable),
    route: refundable.route ? routeCall(refund, refundable.route.address) : null,
    mayStillArrive: mayStillArrive(refundable, now),
  };
}

/** The call of the merchant's route that pays the refund back: refund(token, payer, amount, reference). */
function routeCall(refund: RefundRow, route: string): { to: string; data: string } {
  return {
    to: route,
    data: encodeFunctionData({
      abi: routeAbi,
      functionName: "refund",
      args: [refund.tokenAddress as Address, refund.destinationOwner as Address, refund.amount, refund.reference as Hex],
    }),
  };
}
