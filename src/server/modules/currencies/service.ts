import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fiatCurrencies } from "../../db/schema";

/** Billing currencies as `[code, name]` pairs, sorted by code (SPEC §7). */
export async function listSupportedCurrencies(db: Db): Promise<[string, string][]> {
  const rows = await db
    .select({ code: fiatCurrencies.code, name: fiatCurrencies.name })
    .from(fiatCurrencies)
    .orderBy(asc(fiatCurrencies.code));
  return rows.map((r) => [r.code, r.name]);
}
