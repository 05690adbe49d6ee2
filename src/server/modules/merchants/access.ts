import { asc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { isPermission, type Permission } from "@/lib/permissions";
import { isUuid } from "@/lib/uuid";

/*
 * What an operator changes on a merchant's account (`npm run admin`, src/server/admin.ts) and a
 * sandbox merchant may change on their own (modules/sandbox): permissions and custody.
 */

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminError";
  }
}

/** Finds a merchant by id, public key or e-mail. @throws {AdminError} when none matches. */
async function findUser(db: Db, who: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.publicKey, who), eq(users.email, who), ...(isUuid(who) ? [eq(users.id, who)] : [])));
  if (!user) throw new AdminError(`No merchant with id, public key or e-mail "${who}"`);
  return user;
}

function checkPermission(permission: string): Permission {
  if (!isPermission(permission)) throw new AdminError(`Unknown permission "${permission}"`);
  return permission;
}

/** Adds (grant) or removes (revoke) one permission; returns the merchant's permissions after. */
export async function setPermission(db: Db, who: string, permission: string, granted: boolean): Promise<string[]> {
  const perm = checkPermission(permission);
  return db.transaction(async (tx) => {
    const user = await findUser(tx as unknown as Db, who);
    const current = new Set(user.settings.permissions);
    if (granted) current.add(perm);
    else current.delete(perm);
    const permissions = [...current].sort();
    await tx.update(users).set({ settings: { ...user.settings, permissions } }).where(eq(users.id, user.id));
    return permissions;
  });
}

/**
 * Makes a merchant non-custodial (its EVM payments then go to a route contract only its wallet
 * controls) or custodial again. It applies to EVM wallets attached or changed from then on: a
 * wallet already attached keeps receiving where it does until the merchant changes its address,
 * which then needs the route (nothing is deleted or redirected behind the merchant's back).
 * @throws {AdminError} when no merchant matches `who`.
 */
export async function setNonCustodial(db: Db, who: string, nonCustodial: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx as unknown as Db, who);
    await tx.update(users).set({ settings: { ...user.settings, isNonCustodial: nonCustodial } }).where(eq(users.id, user.id));
    return nonCustodial;
  });
}

export async function listUsers(db: Db) {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt));
  return rows.map((u) => ({
    id: u.id,
    publicKey: u.publicKey,
    email: u.email ?? "",
    acceptedTerms: u.acceptedTermsAt !== null,
    permissions: u.settings.permissions.join(","),
    createdAt: u.createdAt.toISOString(),
  }));
}
