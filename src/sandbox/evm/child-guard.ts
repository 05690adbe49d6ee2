import { spawn, type ChildProcess } from "node:child_process";
import type { Logger } from "pino";

/**
 * Shell run beside a guarded child: it blocks reading a pipe whose only writer is this process.
 * The kernel closes that pipe when this process dies, however it dies, and `read` returns; the
 * watchdog then stops the child (SIGTERM, SIGKILL after 2 s if it is still there).
 */
const WATCHDOG_SCRIPT = [
  "read _ignored",
  'kill -TERM "$1" 2>/dev/null || exit 0',
  "i=0",
  'while [ "$i" -lt 20 ]; do kill -0 "$1" 2>/dev/null || exit 0; sleep 0.1; i=$((i+1)); done',
  'kill -KILL "$1" 2>/dev/null',
].join("\n");

/** Children SIGKILLed by the process `exit` hook; one hook serves every guarded child. */
const guarded = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGuardedChildren(): void {
  for (const child of guarded) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Stops guarding a child; call it once the child has exited. */
export type ReleaseGuard = () => void;

/**
 * Makes sure `child` does not outlive this process.
 *
 * Covered:
 * - this process exiting normally (event loop drained, `process.exit()`, an uncaught exception):
 *   a process `exit` hook SIGKILLs the child synchronously;
 * - this process dying abruptly (SIGKILL, the OOM killer, a native crash, SIGTERM or SIGHUP with
 *   no handler, a test runner killing its worker): a watchdog `sh` holding a pipe from this
 *   process sees it close and stops the child (POSIX only);
 * - Ctrl-C in a terminal: the child is not detached, so it is in the foreground process group and
 *   gets the SIGINT too.
 *
 * Not covered: Windows has no watchdog (only the exit hook); a watchdog killed on its own before
 * this process dies (then only the exit hook is left).
 *
 * The watchdog is SIGKILLed by `release`, so it never signals a pid the system may have reused.
 */
export function guardChild(child: ChildProcess, log?: Logger): ReleaseGuard {
  if (!exitHookInstalled) {
    process.on("exit", killGuardedChildren);
    exitHookInstalled = true;
  }
  guarded.add(child);
  const watchdog = startWatchdog(child, log);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    guarded.delete(child);
    if (watchdog) {
      guarded.delete(watchdog);
      watchdog.kill("SIGKILL");
    }
  };
}

function startWatchdog(child: ChildProcess, log?: Logger): ChildProcess | undefined {
  if (process.platform === "win32" || child.pid === undefined) return undefined;
  const watchdog = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT, "zpay-child-watchdog", String(child.pid)], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: false,
    windowsHide: true,
  });
  watchdog.on("error", (error) => log?.warn({ err: error }, "child watchdog did not start: the child is only killed on a normal exit"));
  // Neither the watchdog nor its pipe may keep this process alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  // Killed by the exit hook too, so that a normal exit does not leave it waiting.
  guarded.add(watchdog);
  return watchdog;
}
