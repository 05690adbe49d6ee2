import { and, eq, or, sql } from "drizzle-orm";
import { familyNamed } from "../chains/families";
import type { Db } from "../db/client";
import { merchantWallets, retiredRoutes, transactions } from "../db/schema";

/**
 * Who a receiving address belongs to. Anyone can type any public address into the wallet form,
 * so holding an address proves nothing: a merchant who typed in another's address must not get
 * that address's unreferenced inflows (unmapped list, `payment.unmapped`, mapping them onto their
 * own payments). The rule, one place for the scans, mapping and attaching:
 * - a merchant who proved the address (signed a challenge with its key; a non-custodial route is
 *   proven by construction: its owner's proven wallet deployed it) owns it — the first to prove
 *   it when several did (only the key's holder can sign, so they are one person);
 * - else its only holder owns it;
 * - else (several holders, none proved) nobody does: the money is left for whoever proves it;
 * - an address nobody holds any more (a wallet replaced) belongs to the one merchant whose
 *   payments named it, and to nobody when several did.
 */
export interface AddressClaim {
  userId: string;
  /** A wallet or route held now (true), or only payments that named the address (false). */
  held: boolean;
  /** Signed for (a connected wallet's proof) or a route contract the merchant's wallet owns. */
  proven: boolean;
  /** Since when the merchant receives there: a first scan skips what came before. */
  since: Date;
  /** When it was proven (the earliest prover wins); undefined when not. */
  provenAt?: Date;
}

/** The rule above: the claim that owns the address, or undefined when nobody does. */
export function ownerOf(claims: readonly AddressClaim[]): AddressClaim | undefined {
  const held = claims.filter((c) => c.held);
  const proven = held.filter((c) => c.proven).sort((a, b) => (a.provenAt ?? a.since).getTime() - (b.provenAt ?? b.since).getTime());
  if (proven.length > 0) return proven[0];
  const pool = held.length > 0 ? held : claims;
  return new Set(pool.map((c) => c.userId)).size === 1 ? pool[0] : undefined;
}

/** The wallet row's claim on its own address (`viaRoute`: on its route contract instead). */
export function walletClaim(w: { userId: string; provenAt: Date | null; createdAt: Date }, viaRoute = false): AddressClaim {
  const proven = viaRoute || w.provenAt !== null;
  return { userId: w.userId, held: true, proven, since: w.createdAt, ...(proven && { provenAt: viaRoute ? w.createdAt : w.provenAt! }) };
}

/** A route a merchant's replaced wallet left behind: still theirs (only its owner can move its money). */
export function retiredRouteClaim(r: { userId: string; since: Date }): AddressClaim {
  return { userId: r.userId, held: true, proven: true, since: r.since, provenAt: r.since };
}

/** The database or a transaction (PGlite: never the outer `db` inside one). */
type Reader = Pick<Db, "select" | "selectDistinct">;

/** Whether the family's addresses compare without case (EVM hex); an unknown family's compare exactly. */
const caseInsensitive = (family: string) => familyNamed(family)?.caseInsensitiveAddresses ?? false;

/** Whether the family's merchants may receive through route contracts (non-custodial EVM). */
const routesIn = (family: string) => familyNamed(family)?.routeContracts ?? false;

/** Addresses compare as their family says (EVM without case, Solana exactly), both through the lower(address) index. */
const sameAddress = (column: typeof merchantWallets.address | typeof transactions.recipientTokenAccount, family: string, address: string) =>
  caseInsensitive(family) ? sql`lower(${column}) = ${address.toLowerCase()}` : and(sql`lower(${column}) = ${address.toLowerCase()}`, eq(column, address));

/**
 * Every merchant holding `address` now in `family`: as their wallet, and where the family has
 * route contracts (EVM) as a current or (on `chainId` when given, else any chain) retired route.
 */
export async function addressHolders(db: Reader, family: string, address: string, chainId?: number): Promise<AddressClaim[]> {
  const lower = address.toLowerCase();
  const wallets = await db
    .select({ userId: merchantWallets.userId, provenAt: merchantWallets.provenAt, createdAt: merchantWallets.createdAt, routeAddress: merchantWallets.routeAddress })
    .from(merchantWallets)
    .where(
      and(
        eq(merchantWallets.family, family),
        routesIn(family) ? or(sameAddress(merchantWallets.address, family, address), sql`lower(${merchantWallets.routeAddress}) = ${lower}`) : sameAddress(merchantWallets.address, family, address),
      ),
    );
  const claims = wallets.map((w) => walletClaim(w, w.routeAddress?.toLowerCase() === lower));
  if (!routesIn(family)) return claims;
  const routes = await db
    .select({ userId: retiredRoutes.userId, since: retiredRoutes.verifiedAt })
    .from(retiredRoutes)
    .where(and(sql`lower(${retiredRoutes.routeAddress}) = ${lower}`, chainId === undefined ? undefined : eq(retiredRoutes.chainId, chainId)));
  return [...claims, ...routes.map(retiredRouteClaim)];
}

/** The merchants whose payments on `chainId` named this receiving account (payments that started while they held it). */
async function namedClaims(db: Reader, chainId: number, account: string, family: string): Promise<(AddressClaim & { recipient: string })[]> {
  const rows = await db
    .selectDistinct({ userId: transactions.userId, recipient: transactions.recipient })
    .from(transactions)
    .where(
      and(
        eq(transactions.chainId, chainId),
        caseInsensitive(family) ? sql`lower(${transactions.recipientTokenAccount}) = ${account.toLowerCase()}` : eq(transactions.recipientTokenAccount, account),
      ),
    );
  return rows.map((r) => ({ userId: r.userId, held: false, proven: false, since: new Date(0), recipient: r.recipient }));
}

/**
 * Who owns the receiving account an inflow reached now, by the rule above (mapping an inflow
 * checks it again: a merchant who was given it before the rule, or who shares the address since,
 * cannot map money the rule does not give them). Where the family receives at the address itself
 * (EVM) the account is the address; where it lands in token accounts (Solana) the owner address is
 * found by the family among the asking merchant's wallets and the recipients of payments that named it.
 */
export async function inflowOwnerOf(
  db: Reader,
  inflow: { chainId: number; tokenAddress: string; recipientTokenAccount: string },
  family: string,
  askingUserId: string,
): Promise<string | undefined> {
  const account = inflow.recipientTokenAccount;
  const named = await namedClaims(db, inflow.chainId, account, family);
  const tokenAccountOwner = familyNamed(family)?.tokenAccountOwner;
  if (!tokenAccountOwner) return ownerOf([...(await addressHolders(db, family, account, inflow.chainId)), ...named])?.userId;
  const own = await db
    .select({ address: merchantWallets.address })
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, askingUserId), eq(merchantWallets.chainId, inflow.chainId)));
  const owner = tokenAccountOwner(new Set([...own.map((w) => w.address), ...named.map((n) => n.recipient)]), inflow.tokenAddress, account);
  const holders = owner
    ? (
        await db
          .select({ userId: merchantWallets.userId, provenAt: merchantWallets.provenAt, createdAt: merchantWallets.createdAt })
          .from(merchantWallets)
          .where(and(eq(merchantWallets.chainId, inflow.chainId), eq(merchantWallets.address, owner)))
      ).map((w) => walletClaim(w))
    : [];
  return ownerOf([...holders, ...named])?.userId;
}
