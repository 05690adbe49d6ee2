import { z } from "@hono/zod-openapi";
import type { RefundBalanceDto as RefundBalance, RefundInstructionDto as RefundInstruction, RefundSenderDto as RefundSender } from "@/lib/refund";

/** Earlier refunds that failed but whose EVM transfer may still land (a warning: a new refund may pay the payer twice). */
const MayStillArrive = z
  .object({
    amount: z.string().openapi({ description: "Their total, base units", example: "12500000" }),
    label: z.string().openapi({ example: "12.5 USDC" }),
  })
  .nullable()
  .openapi({
    description:
      "Earlier refunds of this payment that failed (nothing was seen within the expiry) but whose EVM transfer may still land, up to a week after they started; a new refund of the same money would then refund the payer twice. A warning, not a refusal. Null when there is none",
  });

/** A wallet whose money the payment received, and what may still be refunded to it. */
const RefundSenderDto = z
  .object({
    address: z.string().openapi({ description: "The wallet whose money it was; name it as `to` in /v2/refunds/init" }),
    tokenAccount: z.string().openapi({ description: "Its token account the refund lands in (EVM: the wallet itself)" }),
    sent: z.string().openapi({ description: "What it sent, base units", example: "12500000" }),
    available: z.string().openapi({ description: "What may still be refunded to it: what it sent less what it already got back (or may still get), never more than the payment has left", example: "12500000" }),
    label: z.string().openapi({ description: "`available` as the merchant reads it", example: "12.5 USDC" }),
  })
  .openapi("RefundSender") satisfies z.ZodType<RefundSender>;

/** SPEC §3 Refund balance data, as /v2/refunds/feasibility and check-for-payment answer it. */
export const RefundBalanceDto = z
  .object({
    txAmount: z.string().openapi({ description: "What can still be refunded to `to` (a refund that names no destination), base units", example: "12500000" }),
    txAmountStr: z.object({ label: z.string().openapi({ example: "12.5 USDC" }), info: z.object({ decimals: z.number().int(), token: z.string() }) }),
    availBalanceStr: z.string().nullable().openapi({ description: "The merchant wallet's balance of the token (decimal text); null when it could not be read" }),
    availBalance: z.string().nullable().openapi({ description: "The same in base units" }),
    received: z.string().openapi({ description: "What the payment received, base units" }),
    refunded: z.string().openapi({ description: "What confirmed refunds sent back, base units" }),
    paymentId: z.string().nullable(),
    unmappedId: z.string().nullable(),
    chain: z.number().int(),
    via: z.enum(["transfer", "proxy", "route"]).openapi({ description: "How the refund would leave; route: the money sits in the merchant's route contract, and the balance is the route's" }),
    mayStillArrive: MayStillArrive,
    to: z.string().nullable().openapi({
      description:
        "Where a refund goes unless it names another sender: the wallet that sent the most (the payer whose money covered the amount), never merely the first to send. Null when no sender is known",
    }),
    senders: z.array(RefundSenderDto).openapi({
      description: "Every wallet whose money arrived (a stranger may send dust with the payment's reference), `to` first; each may be refunded at most its `available`",
    }),
  })
  .openapi("RefundBalance") satisfies z.ZodType<RefundBalance>;

/** What the merchant's wallet signs: a token transfer back to the payer carrying `reference`. */
export const RefundInstructionDto = z
  .object({
    refundId: z.string(),
    chain: z.number().int(),
    tokenAddress: z.string(),
    token: z.string(),
    decimals: z.number().int(),
    amount: z.string().openapi({ description: "Base units", example: "6250000" }),
    from: z.string().nullable().openapi({ description: "The merchant's wallet, which must sign" }),
    sourceTokenAccount: z.string(),
    to: z.string().openapi({ description: "The wallet the money goes back to: the sender the refund named, or the default (`to` of the refund balance)" }),
    destinationTokenAccount: z.string(),
    reference: z.string().openapi({ description: "Solana: a read-only key on the transfer instruction; EVM: the proxy call's payment reference (8 bytes hex). The server finds the refund by it" }),
    memo: z.string(),
    proxy: z.string().nullable().openapi({ description: "EVM: the ERC20FeeProxy to call transferFromWithReferenceAndFee(token, to, amount, reference, 0, 0x0) on; null on Solana and via route" }),
    via: z.enum(["transfer", "proxy", "route"]).openapi({ description: "transfer (Solana), proxy (EVM wallet through the fee proxy, after an approve), route (EVM: the money sits in the merchant's route contract; send `route` from the route's owner, no approve)" }),
    route: z
      .object({ to: z.string().openapi({ description: "The merchant's route contract" }), data: z.string().openapi({ description: "refund(token, payer, amount, reference) calldata" }) })
      .nullable(),
    mayStillArrive: MayStillArrive,
  })
  .openapi("RefundInstruction") satisfies z.ZodType<RefundInstruction>;
