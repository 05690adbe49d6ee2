import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fiatCurrencies, users, type UserRow } from "../../db/schema";
import { zlinkCurrencies } from "@/lib/zlink";

/** Billing currencies as `[code, name]` pairs, sorted by code (SPEC §7). */
export async function listSupportedCurrencies(db: Db): Promise<[string, string][]> {
  const rows = await db
    .select({ code: fiatCurrencies.code, name: fiatCurrencies.name })
    .from(fiatCurrencies)
    .orderBy(asc(fiatCurrencies.code));
  return rows.map((r) => [r.code, r.name]);
}

/** Sets the billing currency if it is one of the supported ones; false otherwise. */
export async function updateBillingCurrency(db: Db, userId: string, currency: string): Promise<boolean> {
  const [known] = await db.select({ code: fiatCurrencies.code }).from(fiatCurrencies).where(eq(fiatCurrencies.code, currency));
  if (!known) return false;
  await db.update(users).set({ billingCurrency: known.code }).where(eq(users.id, userId));
  return true;
}

/** Currencies a merchant may price a product in now (plus, on update, the product's own). */
export function allowedCurrencies(user: Pick<UserRow, "billingCurrency">, existing?: string): string[] {
  const list = zlinkCurrencies(user.billingCurrency);
  return existing && !list.includes(existing) ? [...list, existing] : list;
}
