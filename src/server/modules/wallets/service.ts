import { and, asc, eq, sql } from "drizzle-orm";
import { chainById } from "@/lib/chains";
import type { WalletType } from "@/lib/receiving-wallets";
import { walletAddressError } from "@/lib/wallet-address";
import { alreadyAttachedMessage, noWalletMessage } from "@/lib/wallet-messages";
import type { WalletProof } from "@/lib/wallet-proof";
import type { Db } from "../../db/client";
import { familyNameOf, familyOfChain } from "../../chains/families";
import { merchantWallets, retiredRoutes, walletAddressChanges, type WalletRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { refuseAddressHeldElsewhere } from "./address-held";
import { checkWalletProof, consumeWalletProof } from "./proofs";
import { receiverOn } from "./receiver";
import type { VerifiedRoute } from "./route-check";

/** What the receiving rule reads of a merchant's wallets, and where a payment goes. */
async function receivingRows(db: Db, userId: string) {
  return db
    .select({ address: merchantWallets.address, routeAddress: merchantWallets.routeAddress, valid: merchantWallets.valid, family: merchantWallets.family, chains: merchantWallets.chains })
    .from(merchantWallets)
    .where(eq(merchantWallets.userId, userId));
}

/**
 * The address a merchant receives payments at on `chainId`: the usable wallet of that chain's
 * family that receives on it (`receiverOn`; an EVM address serves every EVM chain the merchant enabled), or
 * undefined (a non-custodial merchant's route contract when it has one). Payments copy it onto their transaction as the recipient when they start, so a
 * later change of address never redirects a payment already under way.
 */
export async function getReceivingWallet(db: Db, userId: string, chainId: number): Promise<{ address: string } | undefined> {
  // A merchant has one wallet per family (merchant_wallets_user_family_uq): reading them all is a few rows.
  const row = receiverOn(await receivingRows(db, userId), chainId);
  // A non-custodial merchant is paid into its route contract, never into the owner wallet itself.
  return row ? { address: row.routeAddress ?? row.address } : undefined;
}

/** Those of `chainIds` the merchant receives on (the same rule as `getReceivingWallet`), in their order. */
export async function receivableChains(db: Db, userId: string, chainIds: readonly number[]): Promise<number[]> {
  const rows = await receivingRows(db, userId);
  return chainIds.filter((chainId) => receiverOn(rows, chainId) !== undefined);
}

/** The merchant's wallets, oldest first. */
export async function listWallets(db: Db, userId: string): Promise<WalletRow[]> {
  return db.select().from(merchantWallets).where(eq(merchantWallets.userId, userId)).orderBy(asc(merchantWallets.createdAt));
}

/**
 * The address as it is stored: trimmed, EVM addresses in their EIP-55 checksum form (so one
 * address is one string whoever typed it), after the SPEC §5 rule of the chain.
 * @throws {ApiError} 400 `invalid_wallet_address` with SPEC's message.
 */
export function normaliseAddress(chainId: number, address: string): string {
  const problem = walletAddressError(chainId, address);
  if (problem) throw new ApiError(400, "invalid_wallet_address", problem, [{ path: "address", message: problem }]);
  const trimmed = address.trim();
  return familyOfChain(chainId)?.storedAddress(trimmed) ?? trimmed;
}

/** Connector types that belong to each provable family; `manual` fits every family. */
function assertTypeFits(chainId: number, type: WalletType): void {
  if (type === "manual") return;
  const fits = familyOfChain(chainId)?.acceptsConnector(type) ?? false;
  if (!fits) throw new ApiError(400, "wrong_wallet_type", `A ${type} wallet cannot receive on ${chainName(chainId)}.`, [{ path: "type", message: "wrong type" }]);
}

const chainName = (id: number) => chainById(id)?.name ?? `chain ${id}`;

export interface WalletInput {
  chainId: number;
  address: string;
  type: WalletType;
  walletName?: string;
  /** The chains it receives on, already checked (see `receivingChainsFor`). */
  chains: number[];
  proof?: WalletProof;
  /** Non-custodial merchants (EVM): the route verified on chain for this address (see `verifyRoute`). */
  route?: VerifiedRoute;
}

/**
 * Checks what the merchant sent: the address (SPEC §5), a type that fits the chain, and for a
 * connected wallet its signed proof. Manual entry needs no proof (the screen asks the merchant to
 * confirm the address instead). Answers the normalised address.
 */
async function checkInput(db: Db, userId: string, input: WalletInput): Promise<string> {
  const address = normaliseAddress(input.chainId, input.address);
  assertTypeFits(input.chainId, input.type);
  if (input.type !== "manual") await checkWalletProof(db, { userId, chainId: input.chainId, address, proof: input.proof });
  return address;
}

/** The route columns as stored: all null for a custodial wallet (so a change of address drops a stale route). */
function routeColumns(route: VerifiedRoute | undefined) {
  return { routeAddress: route?.route ?? null, deployHash: route?.hash ?? null, deployedAt: route?.verifiedAt ?? null, routeDeployBlock: route?.deployBlock ?? null };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Keeps the route a wallet change leaves behind (see `retiredRoutes`): it may still hold the
 * merchant's money, which only its owner (the old wallet) can move, so Settlements keeps showing it.
 * A route that becomes current again (the merchant went back to that wallet) is no longer "earlier".
 */
async function retireReplacedRoute(tx: Tx, current: WalletRow, next: VerifiedRoute | undefined, now: Date): Promise<void> {
  if (next) await tx.delete(retiredRoutes).where(and(eq(retiredRoutes.userId, current.userId), sql`lower(${retiredRoutes.routeAddress}) = ${next.route.toLowerCase()}`));
  if (!current.routeAddress || current.routeAddress.toLowerCase() === next?.route.toLowerCase()) return;
  await tx
    .insert(retiredRoutes)
    .values({
      userId: current.userId,
      chainId: current.chainId,
      routeAddress: current.routeAddress,
      ownerAddress: current.address,
      deployHash: current.deployHash,
      deployBlock: current.routeDeployBlock,
      verifiedAt: current.deployedAt ?? current.updatedAt,
      retiredAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Stores the merchant's receiving wallet for the chain's family. One per family: a second is
 * refused with `already-attached` (changing it is `updateWalletAddress`, which needs a fresh
 * sign-in and is audited).
 * A typed-in address another merchant already holds is refused (`refuseAddressHeldElsewhere`).
 * @throws {ApiError} 400 invalid address / type, 422 bad proof, 409 `already-attached`, `address_held_elsewhere`.
 */
export async function attachWallet(db: Db, userId: string, input: WalletInput, now = new Date()): Promise<WalletRow> {
  const address = await checkInput(db, userId, input);
  const family = familyNameOf(input.chainId);
  const created = await db.transaction(async (tx) => {
    if (input.type !== "manual") await consumeWalletProof(tx, userId, input.proof!.nonce);
    const [row] = await tx
      .insert(merchantWallets)
      .values({
        userId,
        chainId: input.chainId,
        family,
        chains: input.chains,
        address,
        type: input.type,
        walletName: input.type === "manual" ? null : (input.walletName ?? null),
        provenAt: input.type === "manual" ? null : now,
        ...routeColumns(input.route),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [merchantWallets.userId, merchantWallets.family] })
      .returning();
    // After the insert, so a merchant who already has a wallet for the family hears `already-attached`.
    if (row) await refuseAddressHeldElsewhere(tx, { userId, family, address, proven: input.type !== "manual" });
    return row;
  });
  if (created) return created;
  const [existing] = await db
    .select()
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.family, family)));
  throw new ApiError(409, "already-attached", alreadyAttachedMessage(existing ?? { chainId: input.chainId, family }));
}

/** Who changes an address, for the audit row. */
export interface ChangeActor {
  /** The public key the session signed in with. */
  signedInAs: string;
  signedInAt: Date;
  clientAddress: string | null;
}

/**
 * Replaces the address of the merchant's wallet for the chain's family (the route demands a fresh
 * sign-in) and records who changed it, when, and from what, in the same transaction. Payments
 * already started keep the recipient stored on their transaction; new ones use the new address.
 * A non-custodial merchant's replaced route is kept as an earlier route (`retireReplacedRoute`).
 * A typed-in address another merchant already holds is refused (`refuseAddressHeldElsewhere`).
 * @throws {ApiError} 404 `wallet_not_found`, 400 invalid address / type, 422 bad proof, 409 `address_held_elsewhere`.
 */
export async function updateWalletAddress(db: Db, userId: string, input: WalletInput, actor: ChangeActor, now = new Date()) {
  const family = familyNameOf(input.chainId);
  const [current] = await db
    .select()
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.family, family)));
  if (!current) {
    throw new ApiError(404, "wallet_not_found", noWalletMessage(input.chainId, family));
  }
  const address = await checkInput(db, userId, input);
  return db.transaction(async (tx) => {
    if (input.type !== "manual") await consumeWalletProof(tx, userId, input.proof!.nonce);
    await refuseAddressHeldElsewhere(tx, { userId, family, address, proven: input.type !== "manual" });
    await retireReplacedRoute(tx, current, input.route, now);
    const [wallet] = await tx
      .update(merchantWallets)
      .set({
        chainId: input.chainId,
        chains: input.chains,
        address,
        type: input.type,
        walletName: input.type === "manual" ? null : (input.walletName ?? null),
        provenAt: input.type === "manual" ? null : now,
        ...routeColumns(input.route),
        updatedAt: now,
      })
      .where(eq(merchantWallets.id, current.id))
      .returning();
    const [change] = await tx
      .insert(walletAddressChanges)
      .values({
        walletId: current.id,
        userId,
        family,
        oldAddress: current.address,
        newAddress: address,
        oldType: current.type,
        newType: input.type,
        signedInAs: actor.signedInAs,
        signedInAt: actor.signedInAt,
        clientAddress: actor.clientAddress,
        changedAt: now,
      })
      .returning();
    return { wallet: wallet!, change: change! };
  });
}
