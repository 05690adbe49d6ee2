import { createPublicClient, getAddress, isAddress, isAddressEqual, isHex, verifyMessage, type Hex } from "viem";
import { findEvmRefundTransfer } from "../evm/find-refund-transfer";
import { findRouteRefund } from "../evm/find-route-refund";
import { readEvmTokenBalance } from "../evm/read-token-balance";
import { evmHttp } from "../evm/transport";
import { isEvmChain } from "@/lib/chains";
import { newEvmReference } from "../reference";
import { STABLECOINS, type EvmRuntime, type EvmToken } from "../runtime";
import { PayerAddressError, type ChainFamily } from "../family";

/** An EVM chain payable here: one with Request Network's fee proxy (a payment's reference needs it). */
export type PayableEvmChain = EvmRuntime & { feeProxy: `0x${string}` };

/**
 * EVM's chain facts: many chains, one merchant address on all of them; a payment goes through the
 * chain's ERC20FeeProxy with a fresh 8-byte reference and no memo, straight to the merchant's
 * address; the payer always connects a wallet (no QR path). Hex addresses: case does not matter
 * (they are stored checksummed).
 */
export const evmChainFamily: ChainFamily<PayableEvmChain> = {
  name: "evm",
  owns: isEvmChain,
  chains: (runtime) => runtime.evm.filter((c): c is PayableEvmChain => c.feeProxy !== undefined),
  paymentTarget(evm, token) {
    const byAddress = (t: EvmToken | undefined) => t !== undefined && isAddress(token, { strict: false }) && isAddressEqual(t.address, token);
    const symbol = STABLECOINS.find((s) => evm.tokens[s] !== undefined && (token === s || byAddress(evm.tokens[s])));
    const found = symbol && evm.tokens[symbol];
    if (!symbol || !found) return undefined;
    return { family: "evm", chainId: evm.chainId, symbol, tokenAddress: found.address, decimals: found.decimals, chain: evm };
  },
  /** Stored checksummed, so a lowercase and a checksummed spelling of one wallet resume the same payment. */
  payer(address) {
    if (address === undefined) throw new PayerAddressError("required");
    if (!isAddress(address, { strict: false })) throw new PayerAddressError("invalid");
    return getAddress(address);
  },
  storedAddress: (address) => getAddress(address.toLowerCase()),
  /**
   * A fee-proxy log carrying the refund's reference from the merchant's wallet to the payer or,
   * when the money left the merchant's own route contract, that route's `Refunded` event.
   */
  async findRefund(evm, refund, { hash, lookbackBlocks, fromRoute }) {
    const { sourceTokenAccount: from, destinationOwner: to, tokenAddress: token } = refund;
    if (!isAddress(from) || !isAddress(to) || !isAddress(token)) return undefined;
    const client = createPublicClient({ transport: evmHttp(evm), cacheTime: 0 });
    const expected = { reference: refund.reference as Hex, to, token, amount: refund.amount };
    const options = { hash, ...(lookbackBlocks !== undefined && { lookbackBlocks }) };
    return fromRoute ? findRouteRefund(client, { ...expected, route: from }, options) : findEvmRefundTransfer(client, evm.feeProxy, { ...expected, from }, options);
  },
  landingAccount: async (_target, merchantAddress) => ({ address: merchantAddress, mustCreate: false }),
  newReference: newEvmReference,
  memo: () => null,
  startExtras: (target) => ({ proxy: target.chain.feeProxy }),
  oneAddressManyChains: true,
  caseInsensitiveAddresses: true,
  routeContracts: true,
  refundsMayLandLate: true,
  /** An EOA's EIP-191 personal_sign: ecrecover of the digest, no chain call (contract wallets are not supported). */
  async verifySignature(address, message, signature) {
    if (!isHex(signature) || !isAddress(address, { strict: false })) return false;
    try {
      return await verifyMessage({ address: getAddress(address), message, signature });
    } catch {
      return false;
    }
  },
  /** The owner's address holds the balance (a route contract is its own owner). */
  async tokenBalance(evm, holder, token) {
    if (!isAddress(holder.owner, { strict: false }) || !isAddress(token, { strict: false })) return undefined;
    const client = createPublicClient({ transport: evmHttp(evm), cacheTime: 0 });
    return readEvmTokenBalance(client, getAddress(token), getAddress(holder.owner));
  },
  acceptsConnector: (type) => type !== "solana",
};
