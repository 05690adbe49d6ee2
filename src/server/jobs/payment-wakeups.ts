import pg from "pg";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";

/** The NOTIFY channel a new payment is announced on; the payload is its chain id. */
export const NEW_PAYMENT_CHANNEL = "zpay_new_payment";

/**
 * Tells whichever process watches `chainId` that a payment was just created, so it looks at the
 * table now instead of at its next poll. Inside a transaction the notice goes out on commit, once
 * the row is visible. The table stays the hand-off: a lost notice only delays, never loses.
 */
export async function announceNewPayment(db: Db, chainId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${NEW_PAYMENT_CHANNEL}, ${String(chainId)})`);
}

/**
 * Calls `onNew(chainId)` for every announced payment: LISTEN on a dedicated PostgreSQL connection,
 * or PGlite's own listener in embedded mode. Answers how to stop listening.
 */
export async function listenForNewPayments(database: Database, onNew: (chainId: number) => void): Promise<() => Promise<void>> {
  const parse = (payload: string | undefined) => {
    const chainId = Number(payload);
    if (Number.isInteger(chainId)) onNew(chainId);
  };
  if (database.pglite) {
    const unlisten = await database.pglite.listen(NEW_PAYMENT_CHANNEL, parse);
    return unlisten;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  // A dropped listener only costs latency (the watcher's discovery poll still runs); never crash on it.
  client.on("error", () => {});
  client.on("notification", (n) => {
    if (n.channel === NEW_PAYMENT_CHANNEL) parse(n.payload);
  });
  await client.connect();
  await client.query(`listen ${NEW_PAYMENT_CHANNEL}`);
  return async () => {
    await client.end().catch(() => {});
  };
}
