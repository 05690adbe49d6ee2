import type { WalletFamily } from "@/lib/wallet-families";
import type { ChainRuntime } from "./runtime";

/** One chain of a family as this process pays on it: its id and whatever the family needs to reach it. */
export interface FamilyChain {
  chainId: number;
}

/** The token a payer asked for on a chain, as this instance settles it. */
export interface PaymentTarget<C extends FamilyChain = FamilyChain> {
  /** The family's name (`merchant_wallets.family`). */
  family: WalletFamily;
  chainId: number;
  symbol: string;
  tokenAddress: string;
  decimals: number;
  chain: C;
}

/** Where a payment's tokens land, and whether the payer's transaction must open that account first. */
export interface LandingAccount {
  address: string;
  mustCreate: boolean;
}

/** What a refund's transfer back must be, as the refund row records it. */
export interface RefundLookup {
  /** The refund's own reference, which the transfer back carries. */
  reference: string;
  /** The merchant's account the money leaves (Solana: its token account; EVM: its address or route). */
  sourceTokenAccount: string;
  /** The payer's account it reaches, and that account's owner (the same on EVM). */
  destinationTokenAccount: string;
  destinationOwner: string;
  tokenAddress: string;
  amount: bigint;
}

/** Where and how to look for a refund's transfer back. */
export interface RefundSearch {
  /** A hash the merchant's wallet answered, tried first where the family can (checked like any other). */
  hash: string | null;
  /** How far back to read, where the family reads block ranges (a late refund). */
  lookbackBlocks?: bigint;
  /** True when the money leaves the merchant's own route contract (families with `routeContracts`). */
  fromRoute: boolean;
}

/** The chain did not answer a read a start needed (the pay route answers 503 with Retry-After). */
export class ChainUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChainUnreachableError";
  }
}

/** The payer's address is not one of the family's, or is missing where the family has no QR path. */
export class PayerAddressError extends Error {
  constructor(readonly reason: "invalid" | "required") {
    super(`payer address ${reason}`);
    this.name = "PayerAddressError";
  }
}

/**
 * The pure facts of one chain family (Solana, EVM, …): which chains it has, how a payment on it is
 * addressed, how its addresses compare. What a family does with the jobs floor (its watcher, its
 * inflow scan, its refunds) is its `FamilyPort` in `src/server/families/`, which extends this one.
 * Generic code asks the family instead of testing which family a chain is by name.
 */
export interface ChainFamily<C extends FamilyChain = FamilyChain> {
  /** Its name, as `merchant_wallets.family` stores it (the browser's `WalletFamily`: a family it does not know yet is `chain:{id}`). */
  readonly name: WalletFamily;
  /** Whether a chain id is one of this family's (offered here or not). */
  owns(chainId: number): boolean;
  /** The chains of this family the runtime takes payments on. */
  chains(runtime: ChainRuntime): C[];
  /**
   * The chain and token asked for, or undefined when the token is not one this chain settles in
   * (by symbol or by address, the family's own spelling).
   */
  paymentTarget(chain: C, token: string): PaymentTarget<C> | undefined;
  /**
   * The payer's address as the transaction records it; null for a QR payment (no wallet yet),
   * where the family has a QR path.
   * @throws {PayerAddressError} when the address is not the family's, or missing without a QR path.
   */
  payer(address: string | undefined): string | null;
  /**
   * Where the tokens land for this merchant's address.
   * @throws {ChainUnreachableError} when finding it needs the chain and the chain does not answer.
   */
  landingAccount(target: PaymentTarget<C>, merchantAddress: string, hasWallet: boolean): Promise<LandingAccount>;
  /** An address (already checked valid) as it is stored, so one address is one string whoever typed it (EVM: EIP-55 checksum). */
  storedAddress(address: string): string;
  /** A fresh payment (or refund) reference in the family's form. */
  newReference(): string;
  /** The memo a payment carries, or null when the family carries none. */
  memo(publicId: string): string | null;
  /** What the payer's wallet needs besides the transaction itself (EVM: the fee proxy it pays through). */
  startExtras(target: PaymentTarget<C>): Record<string, string>;
  /**
   * The refund's transfer back, when the chain shows it (at the confirmation the family trusts):
   * its hash or signature; undefined until then. Throws the family's chain error when the chain
   * cannot be asked.
   */
  findRefund(chain: C, refund: RefundLookup, search: RefundSearch): Promise<{ hash: string } | undefined>;
  /** True when one address receives on every chain of the family (EVM), so a payer may switch chains. */
  readonly oneAddressManyChains: boolean;
  /** True when two spellings differing only in case are one address (EVM hex), false when case matters (base58). */
  readonly caseInsensitiveAddresses: boolean;
  /** True when a merchant may receive through a route contract (non-custodial EVM), whose address then counts as theirs. */
  readonly routeContracts: boolean;
  /**
   * Present where payments land in token accounts an address owns (Solana): the candidate owning
   * `account` for `token`, or undefined. Absent where the receiving account is the address itself.
   */
  tokenAccountOwner?(candidates: Iterable<string>, token: string, account: string): string | undefined;
  /** With `tokenAccountOwner`: the token account `owner` receives `token` in (Solana: the associated token account). */
  tokenAccountFor?(owner: string, token: string): string;
  /**
   * True when a transfer sent for a refund that already failed may still land (EVM: a signed
   * transaction can be mined long after), so failed refunds are still looked for a while; false
   * where it cannot (Solana: a transaction dies with its blockhash).
   */
  readonly refundsMayLandLate: boolean;
  /**
   * Whether `signature` (in the family's encoding: base58 ed25519 on Solana, hex EIP-191 on EVM)
   * over `message` was made by the key behind `address`. No chain call: contract wallets that
   * sign through the chain are not supported. False, never a throw, for malformed input.
   */
  verifySignature(address: string, message: string, signature: string): Promise<boolean>;
  /**
   * What a merchant's account holds of `token`, base units, read where the family keeps balances
   * (Solana: the token account; EVM: the owner's address, a route contract being its own owner);
   * undefined when that holder is not one of the family's addresses.
   * @throws the family's chain error when the chain cannot be asked.
   */
  tokenBalance(chain: C, holder: { tokenAccount: string; owner: string }, token: string): Promise<bigint | undefined>;
  /** Whether a wallet connector of this type signs for the family (`manual` fits every family and is not asked). */
  acceptsConnector(type: string): boolean;
}
