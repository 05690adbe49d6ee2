import pg from "pg";
import type { Database } from "../db/client";
import type { Logger } from "../logger";

/** The lock a chain's payment watcher leads under ('zp' namespace, the chain id). */
export const watcherLockKey = (chainId: number) => [0x7a70_0001, chainId] as const;

/** What a leader runs; answers how to stop it when leadership is lost or the process stops. */
export type LeaderWork = () => Promise<() => Promise<void>>;

export interface Leadership {
  /** True while this process holds the lock and its work is running. */
  readonly leading: boolean;
  /** Stops the work (if leading), releases the lock and closes the dedicated connection. */
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** Two-int advisory lock key (a namespace and an id, e.g. the chain id): its own lock space, apart from one-bigint keys. */
  key: readonly [number, number];
  /** How often a follower tries the lock, and how often a leader checks its connection is alive (ms). */
  retryMs: number;
  log: Logger;
  /** For logs. */
  name: string;
}

/**
 * Runs `work` in exactly one process at a time. On PostgreSQL a dedicated connection holds
 * `pg_try_advisory_lock(key)`: followers retry every `retryMs`; when the leader's process dies
 * its connection closes and PostgreSQL releases the lock, so a follower takes over within one
 * retry. A leader whose connection fails (checked every `retryMs`) stops its work and becomes a
 * follower again. Embedded PGlite belongs to one process, which always leads.
 */
export function holdLeadership(database: Database, work: LeaderWork, options: LeadershipOptions): Leadership {
  const { key, retryMs, log, name } = options;
  let stopWork: (() => Promise<void>) | undefined;
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> = Promise.resolve();

  const lead = async () => {
    stopWork = await work();
    log.info({ leader: name }, "leading");
  };
  const resign = async (reason: string) => {
    const stop = stopWork;
    stopWork = undefined;
    if (stop) {
      log.warn({ leader: name, reason }, "leadership lost; stopping");
      await stop().catch((err: unknown) => log.error({ err, leader: name }, "stopping the leader's work failed"));
    }
  };
  const dropClient = async () => {
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };

  /** One step of the PostgreSQL loop: connect if needed, then try the lock (follower) or check the connection (leader). */
  const step = async () => {
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: database.connectionString });
        // A dead connection must not crash the process: the next step notices and starts over.
        c.on("error", () => {});
        await c.connect();
        client = c;
      }
      if (stopWork) {
        await client.query("select 1");
        return;
      }
      const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [key[0], key[1]]);
      if (rows[0]?.ok && !stopped) await lead();
    } catch (err) {
      log.warn({ err, leader: name }, "leader lock connection failed; retrying");
      await resign("connection failed");
      await dropClient();
    }
  };

  const tick = () => {
    loop = loop.then(async () => {
      if (stopped) return;
      await step();
      if (!stopped) timer = setTimeout(tick, retryMs);
    });
  };

  if (database.kind === "pglite") loop = lead();
  else tick();

  return {
    get leading() {
      return stopWork !== undefined;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await loop.catch(() => {});
      const wasLeading = stopWork !== undefined;
      const stop = stopWork;
      stopWork = undefined;
      await stop?.();
      if (wasLeading && client) await client.query("select pg_advisory_unlock($1, $2)", [key[0], key[1]]).catch(() => {});
      await dropClient();
    },
  };
}
