import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Logger } from "pino";
import { resolveAnvilBinary } from "./anvil-binary";
import { guardChild } from "./child-guard";
import { EvmSandboxError } from "./errors";

export interface LaunchAnvilOptions {
  chainId: number;
  /** Interface to listen on; default 127.0.0.1 (a chain host for other machines gives 0.0.0.0). */
  host?: string;
  /** Port; default 0, one the system picks. */
  port?: number;
  /** Interval mining every `blockTimeSec` seconds (fractions allowed); undefined = automine. */
  blockTimeSec?: number;
  log?: Logger;
  /** The executable; default: the one in `@foundry-rs/anvil`'s platform package. */
  binary?: string;
  /** How long anvil may take to print its address. Default 20 s. */
  startTimeoutMs?: number;
  /** How long `stop()` waits after SIGTERM before SIGKILL. Default 3 s. */
  stopGraceMs?: number;
}

/** A running anvil child process. */
export interface AnvilProcess {
  rpcUrl: string;
  pid: number;
  /** Settles when the child has exited (and been reaped), whatever the reason. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after the grace period; resolves once the child has exited. Idempotent. */
  stop(): Promise<void>;
}

const LISTENING = /^Listening on (\S+):(\d+)\s*$/;
const KEPT_LINES = 40;

/** Reads anvil's "Listening on 127.0.0.1:PORT" line; undefined for any other line. */
export function parseListeningLine(line: string): { host: string; port: number } | undefined {
  const match = LISTENING.exec(line.trim());
  if (!match) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1], port } : undefined;
}

/**
 * anvil's command line: loopback only, a port the system picks, no colours, and one slot per
 * epoch: anvil answers the `finalized` block tag with the head less two epochs, so a block is
 * final two blocks later (a watcher sees real finality lag, not 64 blocks of it).
 */
export function anvilArgs({ chainId, blockTimeSec, host, port }: Pick<LaunchAnvilOptions, "chainId" | "blockTimeSec" | "host" | "port">): string[] {
  const args = ["--host", host ?? "127.0.0.1", "--port", String(port ?? 0), "--chain-id", String(chainId), "--color", "never", "--slots-in-an-epoch", "1"];
  if (blockTimeSec !== undefined) args.push("--block-time", String(blockTimeSec));
  return args;
}

function unref(stream: unknown): void {
  (stream as { unref?: () => void } | null)?.unref?.();
}

function ref(stream: unknown): void {
  (stream as { ref?: () => void } | null)?.ref?.();
}

/**
 * Starts anvil as a child of this process on 127.0.0.1 with `--port 0` and resolves once it
 * prints the address it listens on. Its output is not shown: banner lines are kept for error
 * messages, later lines go to `log` at trace level (stderr at warn). The child is guarded (see
 * `guardChild`) so it dies with this process, and it does not keep this process alive by itself.
 * @throws {EvmSandboxError} on invalid options, a missing binary, a spawn failure, anvil exiting
 *   before it listens, or no address within `startTimeoutMs` (the child is killed then).
 */
export async function launchAnvil(options: LaunchAnvilOptions): Promise<AnvilProcess> {
  const { chainId, blockTimeSec, log, startTimeoutMs = 20_000, stopGraceMs = 3_000 } = options;
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new EvmSandboxError(`chainId must be a positive integer, got ${chainId}`);
  if (blockTimeSec !== undefined && !(Number.isFinite(blockTimeSec) && blockTimeSec > 0)) {
    throw new EvmSandboxError(`blockTimeSec must be a positive number of seconds, got ${blockTimeSec}`);
  }
  const binary = options.binary ?? resolveAnvilBinary();
  const args = anvilArgs({ chainId, blockTimeSec, host: options.host, port: options.port });
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], detached: false, windowsHide: true });
  const release = guardChild(child, log);
  const recent: string[] = [];
  const keep = (line: string) => {
    recent.push(line);
    if (recent.length > KEPT_LINES) recent.shift();
  };
  let listening = false;
  let stopping = false;

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      release();
      if (listening && !stopping) log?.error({ code, signal, output: recent.slice(-10) }, "anvil exited unexpectedly");
      resolve({ code, signal });
    });
  });

  const address = await new Promise<{ host: string; port: number }>((resolve, reject) => {
    const fail = (message: string, cause?: unknown) => {
      clearTimeout(timer);
      if (child.pid === undefined) release(); // a failed spawn emits no 'exit'
      else if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      reject(new EvmSandboxError(`${message}${recent.length ? `\n${recent.slice(-10).join("\n")}` : ""}`, { cause }));
    };
    const timer = setTimeout(() => fail(`anvil did not report its address within ${startTimeoutMs} ms`), startTimeoutMs);
    child.once("error", (error) => fail(`could not start anvil (${binary})`, error));
    child.once("exit", (code, signal) => {
      if (!listening) fail(`anvil exited before listening (code ${code}, signal ${signal})`);
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (listening) {
        log?.trace({ anvil: line }, "anvil");
        return;
      }
      const found = parseListeningLine(line);
      if (!found) {
        keep(line);
        return;
      }
      listening = true;
      clearTimeout(timer);
      resolve(found);
    });
    createInterface({ input: child.stderr! }).on("line", (line) => {
      keep(line);
      if (listening) log?.warn({ anvil: line }, "anvil stderr");
    });
  });

  child.unref();
  unref(child.stdout);
  unref(child.stderr);
  const pid = child.pid!;
  log?.debug({ pid, port: address.port, chainId, blockTimeSec }, "anvil listening");

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      // Keep this process alive until the child is reaped, so the caller's await can finish.
      child.ref();
      ref(child.stdout);
      ref(child.stderr);
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), stopGraceMs);
      await exited;
      clearTimeout(force);
    })());

  return { rpcUrl: `http://${address.host}:${address.port}`, pid, exited, stop };
}
