import type { StartPaymentRequest } from "@/lib/pay-api";
import { WALLET_ADDRESS_MESSAGES } from "@/lib/wallet-address";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { PayerAddressError, type ChainFamily, type FamilyChain, type PaymentTarget } from "../../chains/family";
import { payableChain } from "../../chains/families";

/** SPEC §8-style refusal when the payer asks for a token this chain does not settle in. */
export const TOKEN_NOT_ACCEPTED = "This token is not accepted for this payment.";

/** The chain and token a payer asked for, as this instance settles them, with the family that knows how. */
export type PaymentChain = PaymentTarget & { port: ChainFamily<FamilyChain> };

/**
 * The chain and token asked for, when this instance takes payments there (any family's chain the
 * runtime offers: its Solana network, an EVM chain with a fee proxy, …).
 * @throws {ApiError} 400 `unsupported_chain` or `unsupported_token`.
 */
export function paymentChainFor(deps: AppDeps, req: Pick<StartPaymentRequest, "chainId" | "token">): PaymentChain {
  const found = payableChain(deps.chains, req.chainId);
  if (!found) throw new ApiError(400, "unsupported_chain", `Payments on chain ${req.chainId} are not offered here.`);
  const target = found.family.paymentTarget(found.chain, req.token);
  if (!target) throw new ApiError(400, "unsupported_token", TOKEN_NOT_ACCEPTED);
  return { ...target, port: found.family };
}

/**
 * The payer's wallet as the transaction records it (in the family's stored spelling), or null for
 * a QR payment (no wallet yet) where the family has one.
 * @throws {ApiError} 400 when the address is not one of the chain's family, or when a family
 *   without a QR path (EVM: the payer connects a wallet) gets no payer.
 */
export function payerFor(chain: PaymentChain, payer: string | undefined): string | null {
  try {
    return chain.port.payer(payer);
  } catch (err) {
    if (!(err instanceof PayerAddressError)) throw err;
    const message = WALLET_ADDRESS_MESSAGES[err.reason];
    throw new ApiError(400, err.reason === "required" ? "payer_required" : "invalid_wallet_address", message, [{ path: "payer", message }]);
  }
}
