import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { evmLogCursors } from "../db/schema";

/** The last block an EVM watcher read completely, and that block's hash as read. */
export interface EvmLogCursor {
  blockNumber: bigint;
  blockHash: string;
}

/** Where the database keeps an EVM watcher's progress (one row per chain and proxy). */
export interface EvmLogCursorStore {
  read(): Promise<EvmLogCursor | undefined>;
  save(cursor: EvmLogCursor): Promise<void>;
}

/** The cursor of `chainId`'s watcher reading `proxy`, in the `evm_log_cursors` table. */
export function evmLogCursorStore(db: Db, chainId: number, proxy: string): EvmLogCursorStore {
  const key = and(eq(evmLogCursors.chainId, chainId), eq(evmLogCursors.proxy, proxy.toLowerCase()));
  return {
    read: async () => {
      const [row] = await db.select().from(evmLogCursors).where(key);
      return row ? { blockNumber: row.blockNumber, blockHash: row.blockHash } : undefined;
    },
    save: async ({ blockNumber, blockHash }) => {
      await db
        .insert(evmLogCursors)
        .values({ chainId, proxy: proxy.toLowerCase(), blockNumber, blockHash, updatedAt: new Date() })
        .onConflictDoUpdate({ target: [evmLogCursors.chainId, evmLogCursors.proxy], set: { blockNumber, blockHash, updatedAt: new Date() } });
    },
  };
}
