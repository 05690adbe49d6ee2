import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is already in use by another zpay process (pid ${pid}). ` +
        `PGlite allows one process per directory; stop that process or set DATA_DIR to another directory.`,
    );
    this.name = "DataDirLockedError";
  }
}

export const LOCK_FILE = "zpay.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

/** The pid on a lock's first line; anything unreadable counts as no live holder. */
function holderOf(content: string): number | undefined {
  const pid = Number.parseInt(content.split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if (errno(err) === "ENOENT") return undefined;
    throw err;
  }
}

/** Writes `content` to a private file first, so a lock never appears empty or half-written. */
function staged(file: string, content: string): string {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, content, { flag: "wx" });
  return tmp;
}

/** The claim a process must hold to replace `file` while it holds `content` (one per lock generation). */
export function claimFileFor(file: string, content: string): string {
  return `${file}.${createHash("sha256").update(content).digest("hex").slice(0, 16)}.claim`;
}

type Outcome = { held: true; release: () => void } | { held: false; pid: number };

/**
 * Makes `file` hold `mine`, if it is absent or held by a process that is gone. Atomic against
 * any number of processes doing the same:
 * - a free lock is created with link(), which fails when the name exists (O_EXCL semantics), with
 *   its content complete from the first instant;
 * - a stale lock is replaced only by the process that holds the *claim* on that very content
 *   (`<file>.<digest of content>.claim`, itself taken with this function, so a claimant that died
 *   mid-takeover is taken over in turn). A lock's content never changes in place, so once the
 *   claimant re-reads the same stale content, nobody else can replace it before its rename().
 * A process that loses a claim to a live claimant reports that claimant as the holder: it is the
 * one taking the directory.
 */
function hold(file: string, mine: string): Outcome {
  for (;;) {
    const tmp = staged(file, mine);
    try {
      fs.linkSync(tmp, file);
      return { held: true, release: releaser(file, mine) };
    } catch (err) {
      if (errno(err) !== "EEXIST") throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }

    const seen = readOrUndefined(file);
    if (seen === undefined) continue; // released meanwhile: try to create it again
    const pid = holderOf(seen);
    if (pid !== undefined && isAlive(pid)) return { held: false, pid };

    const claim = hold(claimFileFor(file, seen), mine);
    if (!claim.held) return claim;
    try {
      // Re-verify under the claim: still the very content judged stale?
      if (readOrUndefined(file) !== seen) continue;
      const replacement = staged(file, mine);
      fs.renameSync(replacement, file);
      return { held: true, release: releaser(file, mine) };
    } finally {
      claim.release();
    }
  }
}

/** Removes the lock if it is still ours (idempotent). */
function releaser(file: string, mine: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (readOrUndefined(file) === mine) fs.rmSync(file, { force: true });
  };
}

/**
 * Takes `<dir>/zpay.lock` for this process, since two processes on one PGlite directory silently
 * lose data. A lock left by a process that died is taken over, by exactly one of the processes
 * starting at once.
 * @throws {DataDirLockedError} when a live process holds the lock (or is taking it over).
 * @returns a release function (idempotent).
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  // The pid says who holds it; the random part tells this holding from an earlier one by the same pid.
  const mine = `${process.pid}\n${randomBytes(8).toString("hex")}\n`;
  const outcome = hold(path.join(dir, LOCK_FILE), mine);
  if (!outcome.held) throw new DataDirLockedError(dir, outcome.pid);
  return outcome.release;
}
