import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { MIGRATIONS_DIR } from "../../db/client";
import { TEST_BACKENDS, createPostgresDatabase } from "../../testing/databases";

/**
 * Migration 0011 turns wallets stored one per chain into one per chain family. Wallets attached
 * before it must come through: each becomes its family's wallet receiving on its chain, and a
 * merchant holding two of one family (a data directory used in both modes) does not stop the start.
 */
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
const FAMILIES = journal.entries.find((e) => e.tag.endsWith("_receiving_wallet_families"))!;

const statements = (tag: string) =>
  fs
    .readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

type Exec = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

async function openRaw(kind: "pglite" | "postgres"): Promise<{ exec: Exec; close: () => Promise<void> }> {
  if (kind === "pglite") {
    const db = new PGlite();
    return { exec: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, close: () => db.close() };
  }
  const fresh = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  return {
    exec: async (sql, params) => (await client.query(sql, params)).rows,
    close: async () => {
      await client.end();
      await fresh.drop();
    },
  };
}

describe.each(TEST_BACKENDS)("migration %s of receiving wallets to families", (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it(`keeps every wallet attached before it (${kind})`, async () => {
    const raw = await openRaw(kind);
    close = raw.close;
    for (const entry of journal.entries.filter((e) => e.idx < FAMILIES.idx)) for (const s of statements(entry.tag)) await raw.exec(s);

    const settings = JSON.stringify({ isOnboarded: true, permissions: [], rampOnly: false, isNonCustodial: false, version: 1, restrictUserToChains: [] });
    const user = async (key: string) =>
      (await raw.exec(`INSERT INTO users (public_key, referral_code, settings) VALUES ($1, $1, $2) RETURNING id`, [key, settings]))[0]!.id as string;
    const [one, both] = [await user("merchant-one"), await user("merchant-both")];
    const wallet = (userId: string, chain: number, address: string, createdAt: string) =>
      raw.exec(`INSERT INTO merchant_wallets (user_id, chain_id, address, created_at) VALUES ($1, $2, $3, $4)`, [userId, chain, address, createdAt]);
    await wallet(one, -5001, "SoLOne111111111111111111111111111111111111", "2026-01-01T00:00:00Z");
    await wallet(both, -5000, "SoLMainnet1111111111111111111111111111111", "2026-01-02T00:00:00Z");
    await wallet(both, -5001, "SoLDevnet11111111111111111111111111111111", "2026-01-03T00:00:00Z");

    for (const s of statements(FAMILIES.tag)) await raw.exec(s);

    const rows = await raw.exec(`SELECT user_id, chain_id, family, chains, address, valid, type FROM merchant_wallets ORDER BY created_at`);
    expect(rows.map((r) => ({ ...r, chains: (r.chains as number[]).map(Number) }))).toEqual([
      { user_id: one, chain_id: -5001, family: "solana", chains: [-5001], address: "SoLOne111111111111111111111111111111111111", valid: true, type: "manual" },
      { user_id: both, chain_id: -5000, family: "solana", chains: [-5000], address: "SoLMainnet1111111111111111111111111111111", valid: true, type: "manual" },
      {
        user_id: both,
        chain_id: -5001,
        family: expect.stringMatching(/^retired:-5001:/),
        chains: [-5001],
        address: "SoLDevnet11111111111111111111111111111111",
        valid: false,
        type: "manual",
      },
    ]);
    // One wallet per family from now on.
    const insert = `INSERT INTO merchant_wallets (user_id, chain_id, family, chains, address) VALUES ($1, -5000, 'solana', '{-5000}', 'SoLAnother')`;
    await expect(raw.exec(insert, [one])).rejects.toThrow(/merchant_wallets_user_family_uq/);
  });
});
