/**
 * The story server's refund routes (src/server/modules/refunds): feasibility (with the payment's
 * senders, most sent first), init (to the sender named by `to`, the default one otherwise; refusing
 * more than what is left for it, with the server's message), sent (confirmed at once) and cancel.
 */
import { HttpResponse } from "msw";
import { formatBaseUnits } from "@/lib/money";
import { REFUND_MESSAGES, refundLabel, refundMemo, type RefundBalanceDto, type RefundInstructionDto, type RefundMayStillArrive } from "@/lib/refund";
import { requireMerchant } from "./auth-handlers";
import { STORY_PAYER } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer, type StoryRefundable } from "./store";

const MERCHANT_WALLET = "Merch4nt1111111111111111111111111111111111";
const MINT = "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU";

function findRefundable(body: Record<string, unknown>): [string, StoryRefundable] {
  const id = String(body.paymentId ?? body.unmappedId ?? "");
  const row = storyServer.refundables[id];
  if (!row) throw new StoryApiError(404, "transaction_not_found", REFUND_MESSAGES.notFound);
  return [id, row];
}

function mayStillArrive(row: StoryRefundable): RefundMayStillArrive | null {
  return row.mayStillArrive ? { amount: row.mayStillArrive, label: refundLabel(BigInt(row.mayStillArrive), row.decimals, row.token) } : null;
}

type StorySender = NonNullable<StoryRefundable["senders"]>[number];

/** The payment's senders, most sent first (the default destination first), each with what may still go back to it. */
function sendersOf(row: StoryRefundable): { sender: StorySender; available: bigint }[] {
  row.senders ??= [{ address: STORY_PAYER, sent: row.received, refunded: row.refunded }];
  const left = BigInt(row.received) - BigInt(row.refunded);
  return [...row.senders]
    .sort((a, b) => (BigInt(b.sent) > BigInt(a.sent) ? 1 : BigInt(b.sent) < BigInt(a.sent) ? -1 : 0))
    .map((sender) => {
      const own = BigInt(sender.sent) - BigInt(sender.refunded ?? "0");
      return { sender, available: own < left ? own : left };
    });
}

function balanceOf(id: string, row: StoryRefundable): RefundBalanceDto {
  const senders = sendersOf(row);
  const available = senders[0]?.available ?? 0n;
  return {
    txAmount: available.toString(),
    txAmountStr: { label: refundLabel(available, row.decimals, row.token), info: { decimals: row.decimals, token: row.token } },
    availBalanceStr: row.balance === null ? null : formatBaseUnits(BigInt(row.balance), row.decimals),
    availBalance: row.balance,
    received: row.received,
    refunded: row.refunded,
    paymentId: id,
    unmappedId: null,
    chain: storyServer.chain,
    via: row.via ?? "transfer",
    mayStillArrive: mayStillArrive(row),
    to: senders[0]?.sender.address ?? null,
    senders: senders.map(({ sender, available: left }) => ({
      address: sender.address,
      tokenAccount: sender.address,
      sent: sender.sent,
      available: left.toString(),
      label: refundLabel(left, row.decimals, row.token),
    })),
  };
}

const feasibility = ({ request, body }: { request: Request; body: Record<string, unknown> }) => {
  requireMerchant(request);
  const [id, row] = findRefundable(body);
  return { success: true, error: null, data: balanceOf(id, row) };
};

export const refundHandlers = [
  route("post", "/api/v2/refunds/feasibility", feasibility),
  route("post", "/api/check-for-payment", feasibility),
  route("post", "/api/v2/refunds/init", ({ request, body }) => {
    requireMerchant(request);
    const [, row] = findRefundable(body);
    const senders = sendersOf(row);
    const chosen = body.to === undefined ? senders[0] : senders.find((s) => s.sender.address === body.to);
    if (!chosen) throw new StoryApiError(422, "not_a_sender", REFUND_MESSAGES.notASender);
    if (BigInt(row.received) - BigInt(row.refunded) === 0n) throw new StoryApiError(409, "already_refunded", REFUND_MESSAGES.nothingLeft);
    const available = chosen.available;
    if (available === 0n) throw new StoryApiError(409, "sender_refunded", REFUND_MESSAGES.senderRefunded);
    const amount = body.refundAmount === undefined ? available : BigInt(String(body.refundAmount));
    if (amount > available) {
      throw new StoryApiError(409, "above_available", REFUND_MESSAGES.aboveAvailable.replace("{available}", refundLabel(available, row.decimals, row.token)));
    }
    row.refunded = (BigInt(row.refunded) + amount).toString();
    chosen.sender.refunded = (BigInt(chosen.sender.refunded ?? "0") + amount).toString();
    const refundId = storyServer.newId("refund-");
    const data: RefundInstructionDto = {
      refundId,
      chain: storyServer.chain,
      tokenAddress: MINT,
      token: row.token,
      decimals: row.decimals,
      amount: amount.toString(),
      from: MERCHANT_WALLET,
      sourceTokenAccount: MERCHANT_WALLET,
      to: chosen.sender.address,
      destinationTokenAccount: chosen.sender.address,
      reference: "Ref1111111111111111111111111111111111111111",
      memo: refundMemo(refundId),
      proxy: null,
      via: "transfer",
      route: null,
      mayStillArrive: mayStillArrive(row),
    };
    return HttpResponse.json({ success: true, data }, { status: 201 });
  }),
  route("post", "/api/v2/refunds/:id/sent", ({ request, params }) => {
    requireMerchant(request);
    return { success: true, data: { refundId: String(params.id), status: "confirmed" } };
  }),
  route("post", "/api/v2/refunds/:id/cancel", ({ request, params }) => {
    requireMerchant(request);
    return { success: true, data: { refundId: String(params.id), status: "failed" } };
  }),
];
