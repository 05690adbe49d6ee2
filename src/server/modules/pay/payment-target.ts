import { newReference as freshReference } from "../../payments/reference";
import { getAddress, isAddress, isAddressEqual } from "viem";
import type { StartPaymentRequest } from "@/lib/pay-api";
import { isSolanaAddress, WALLET_ADDRESS_MESSAGES } from "@/lib/wallet-address";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { SOLANA_STABLECOIN_DECIMALS, STABLECOINS, type EvmRuntime, type EvmToken, type SolanaRuntime, type Stablecoin } from "../../chains/runtime";

/** SPEC §8-style refusal when the payer asks for a token this chain does not settle in. */
export const TOKEN_NOT_ACCEPTED = "This token is not accepted for this payment.";

/** Request Network's payment references are 8 bytes (the tail of a hash); a random one is as unguessable as it needs to be. */

/** The chain and token a payer asked for, as this instance settles them. */
export type PaymentChain =
  | { family: "solana"; chainId: number; symbol: Stablecoin; tokenAddress: string; decimals: number; solana: SolanaRuntime }
  | { family: "evm"; chainId: number; symbol: Stablecoin; tokenAddress: string; decimals: number; evm: EvmRuntime & { feeProxy: `0x${string}` } };

const invalidPayer = () =>
  new ApiError(400, "invalid_wallet_address", WALLET_ADDRESS_MESSAGES.invalid, [{ path: "payer", message: WALLET_ADDRESS_MESSAGES.invalid }]);

function solanaChain(solana: SolanaRuntime, token: string): PaymentChain {
  const symbol = STABLECOINS.find((s) => token === s || token === solana.mints[s]);
  if (!symbol) throw new ApiError(400, "unsupported_token", TOKEN_NOT_ACCEPTED);
  return { family: "solana", chainId: solana.chainId, symbol, tokenAddress: solana.mints[symbol], decimals: SOLANA_STABLECOIN_DECIMALS, solana };
}

function evmChain(evm: EvmRuntime & { feeProxy: `0x${string}` }, token: string): PaymentChain {
  const byAddress = (t: EvmToken | undefined) => t !== undefined && isAddress(token, { strict: false }) && isAddressEqual(t.address, token);
  const symbol = STABLECOINS.find((s) => evm.tokens[s] !== undefined && (token === s || byAddress(evm.tokens[s])));
  const found = symbol && evm.tokens[symbol];
  if (!symbol || !found) throw new ApiError(400, "unsupported_token", TOKEN_NOT_ACCEPTED);
  return { family: "evm", chainId: evm.chainId, symbol, tokenAddress: found.address, decimals: found.decimals, evm };
}

/**
 * The chain and token asked for, when this instance takes payments there: its Solana network, or
 * an EVM chain with a fee proxy (the payment reference needs it).
 * @throws {ApiError} 400 `unsupported_chain` or `unsupported_token`.
 */
export function paymentChainFor(deps: AppDeps, req: Pick<StartPaymentRequest, "chainId" | "token">): PaymentChain {
  const { solana, evm } = deps.chains;
  if (solana && solana.chainId === req.chainId) return solanaChain(solana, req.token);
  const chain = evm.find((e) => e.chainId === req.chainId);
  if (chain?.feeProxy) return evmChain({ ...chain, feeProxy: chain.feeProxy }, req.token);
  throw new ApiError(400, "unsupported_chain", `Payments on chain ${req.chainId} are not offered here.`);
}

/**
 * The payer's wallet as the transaction records it, or null for a Solana Pay QR payment (no
 * wallet yet). EVM addresses are stored checksummed, so a lowercase and a checksummed spelling of
 * the same wallet resume the same payment.
 * @throws {ApiError} 400 when the address is not one of the chain's family, or when an EVM start
 *   has no payer (there is no QR path on EVM: the payer connects a wallet).
 */
export function payerFor(chain: PaymentChain, payer: string | undefined): string | null {
  if (chain.family === "solana") {
    if (payer !== undefined && !isSolanaAddress(payer)) throw invalidPayer();
    return payer ?? null;
  }
  if (payer === undefined) {
    throw new ApiError(400, "payer_required", WALLET_ADDRESS_MESSAGES.required, [{ path: "payer", message: WALLET_ADDRESS_MESSAGES.required }]);
  }
  if (!isAddress(payer, { strict: false })) throw invalidPayer();
  return getAddress(payer);
}

/** A fresh reference: a Solana public key to add to the transfer, or 8 random bytes as 0x-hex for the EVM proxy. */
export function newReference(chain: PaymentChain): string {
  return freshReference(chain.family);
}
