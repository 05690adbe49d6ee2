import { isSolanaChain } from "@/lib/chains";
import { isSolanaAddress } from "@/lib/wallet-address";
import { newSolanaReference } from "../reference";
import { SOLANA_STABLECOIN_DECIMALS, STABLECOINS, type SolanaRuntime } from "../runtime";
import { ChainUnreachableError, PayerAddressError, type ChainFamily } from "../family";
import { SolanaChainError } from "../solana/errors";
import { solanaConnection } from "../solana/connection";
import { findRefundTransfer } from "../solana/find-refund-transfer";
import { readTokenBalance } from "../solana/read-token-balance";
import { recipientTokenAccount, recipientTokenAddress } from "../solana/recipient-account";
import { verifySolanaSignature } from "../solana/signature";

/** The Solana wallet address whose associated token account for `mint` is `account`, among `candidates`. */
function ataOwner(candidates: Iterable<string>, mint: string, account: string): string | undefined {
  for (const owner of candidates) {
    try {
      if (recipientTokenAddress(owner, mint) === account) return owner;
    } catch {
      // not a Solana key: not the owner
    }
  }
  return undefined;
}

/**
 * Solana's chain facts: one network per instance; a payment carries a fresh reference public key
 * and the memo `zpay:{payment}`, and lands in the merchant's associated token account; a payer
 * may start without a wallet (a Solana Pay QR code). Base58 addresses: case matters.
 */
export const solanaChainFamily: ChainFamily<SolanaRuntime> = {
  name: "solana",
  owns: isSolanaChain,
  chains: (runtime) => (runtime.solana ? [runtime.solana] : []),
  paymentTarget(solana, token) {
    const symbol = STABLECOINS.find((s) => token === s || token === solana.mints[s]);
    if (!symbol) return undefined;
    return { family: "solana", chainId: solana.chainId, symbol, tokenAddress: solana.mints[symbol], decimals: SOLANA_STABLECOIN_DECIMALS, chain: solana };
  },
  payer(address) {
    if (address !== undefined && !isSolanaAddress(address)) throw new PayerAddressError("invalid");
    return address ?? null;
  },
  /**
   * When the RPC does not answer, a wallet payment still starts: its transaction opens the account
   * idempotently (a no-op when it exists), so `mustCreate` is safe without asking. A QR payment
   * cannot (the phone wallet sends a bare transfer): ChainUnreachableError.
   */
  async landingAccount(target, merchantAddress, hasWallet) {
    try {
      return await recipientTokenAccount(target.chain, merchantAddress, target.tokenAddress);
    } catch (err) {
      if (!(err instanceof SolanaChainError)) throw err;
      if (hasWallet) return { address: recipientTokenAddress(merchantAddress, target.tokenAddress), mustCreate: true };
      throw new ChainUnreachableError("Solana RPC did not answer", { cause: err });
    }
  },
  storedAddress: (address) => address,
  /** By the refund's reference key, at `confirmed`; the transfer must move exactly the amount between the two token accounts. */
  async findRefund(solana, refund) {
    const found = await findRefundTransfer(
      solanaConnection(solana, "confirmed"),
      { reference: refund.reference, source: refund.sourceTokenAccount, destination: refund.destinationTokenAccount, mint: refund.tokenAddress, amount: refund.amount },
      "confirmed",
    );
    return found && { hash: found.signature };
  },
  newReference: newSolanaReference,
  memo: (publicId) => `zpay:${publicId}`,
  startExtras: () => ({}),
  oneAddressManyChains: false,
  caseInsensitiveAddresses: false,
  routeContracts: false,
  tokenAccountOwner: ataOwner,
  tokenAccountFor: recipientTokenAddress,
  refundsMayLandLate: false,
  verifySignature: async (address, message, signature) => verifySolanaSignature(address, message, signature),
  /** The token account holds the balance (0 when it was never opened). */
  async tokenBalance(solana, holder) {
    if (!isSolanaAddress(holder.tokenAccount)) return undefined;
    return readTokenBalance(solanaConnection(solana, "confirmed"), holder.tokenAccount);
  },
  acceptsConnector: (type) => type === "solana",
};
