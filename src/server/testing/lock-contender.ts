/**
 * A separate process racing for data directory locks, for lock.test.ts: on `{ dir, at }` it
 * waits for the shared start instant (so contenders hit the lock together), calls lockDataDir and
 * answers `{ dir, won }`; it keeps what it won until `{ release: dir }`.
 */
import { DataDirLockedError, lockDataDir } from "../db/lock";

type Message = { dir: string; at: number } | { release: string };

const held = new Map<string, () => void>();

process.on("message", (message: Message) => {
  if ("release" in message) {
    held.get(message.release)?.();
    held.delete(message.release);
    process.send!({ released: message.release });
    return;
  }
  while (Date.now() < message.at) {
    // spin: a timer would wake each contender at a different moment
  }
  try {
    held.set(message.dir, lockDataDir(message.dir));
    process.send!({ dir: message.dir, won: true });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.send!({ dir: message.dir, won: false });
  }
});
process.send!({ ready: true });
