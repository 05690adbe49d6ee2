import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createPublicClient, http } from "viem";
import { describe, expect, it } from "vitest";
import { resolveAnvilBinary } from "./anvil-binary";
import { EvmSandboxError } from "./errors";
import { anvilArgs, launchAnvil, parseListeningLine } from "./launch-anvil";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const launcher = fileURLToPath(new URL("./launch-anvil.ts", import.meta.url));

/** True once `pid` no longer runs: no such process, or a zombie its new parent has not reaped yet. */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
    throw error;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false;
  } catch {
    return true; // vanished between the two looks
  }
}

async function eventuallyGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (isGone(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return isGone(pid);
}

/**
 * Runs `body` in a separate Node process (TypeScript through tsx) that launches anvil, prints its
 * pid, then does what `body` says; resolves with that pid and the parent process.
 */
function parentProcess(body: string) {
  const code = `const { launchAnvil } = await import(${JSON.stringify(launcher)});
const anvil = await launchAnvil({ chainId: 31337 });
process.stdout.write("anvil " + anvil.pid + "\\n");
${body}`;
  const parent = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  parent.stderr.on("data", (chunk) => (stderr += chunk));
  const anvilPid = new Promise<number>((resolve, reject) => {
    let out = "";
    parent.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /anvil (\d+)\n/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    parent.once("exit", (exitCode) => setTimeout(() => reject(new Error(`parent exited (${exitCode}) before anvil started:\n${stderr}`)), 100));
  });
  const exited = new Promise<void>((resolve) => parent.once("exit", () => resolve()));
  return { parent, anvilPid, exited };
}

describe("parseListeningLine", () => {
  it("reads the address anvil prints", () => {
    expect(parseListeningLine("Listening on 127.0.0.1:38183")).toEqual({ host: "127.0.0.1", port: 38183 });
    expect(parseListeningLine("  Listening on 127.0.0.1:8545  ")).toEqual({ host: "127.0.0.1", port: 8545 });
  });

  it("ignores every other line", () => {
    for (const line of ["", "Chain ID", "31337", "Listening on 127.0.0.1:", "Listening on 127.0.0.1:0", "Listening on 127.0.0.1:70000", "eth_blockNumber"]) {
      expect(parseListeningLine(line)).toBeUndefined();
    }
  });
});

describe("anvilArgs", () => {
  it("binds loopback on a port the system picks, with the chain id, automine by default", () => {
    expect(anvilArgs({ chainId: 31337 })).toEqual(["--host", "127.0.0.1", "--port", "0", "--chain-id", "31337", "--color", "never", "--slots-in-an-epoch", "1"]);
  });

  it("adds interval mining when given a block time", () => {
    expect(anvilArgs({ chainId: 5, blockTimeSec: 0.5 }).slice(-2)).toEqual(["--block-time", "0.5"]);
  });
});

describe("resolveAnvilBinary", () => {
  it("finds the executable in the platform package", () => {
    expect(resolveAnvilBinary()).toMatch(/@foundry-rs[\\/]anvil-[a-z0-9]+-[a-z0-9]+[\\/]bin[\\/]anvil(\.exe)?$/);
  });

  it("refuses a platform anvil has no build for", () => {
    expect(() => resolveAnvilBinary("aix", "ppc64")).toThrow(EvmSandboxError);
  });
});

describe("launchAnvil", () => {
  it("serves JSON-RPC on the address it printed, on the chain asked for, until stopped", async () => {
    const anvil = await launchAnvil({ chainId: 4242 });
    try {
      expect(anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = createPublicClient({ transport: http(anvil.rpcUrl) });
      expect(await client.getChainId()).toBe(4242);
    } finally {
      await anvil.stop();
    }
    expect(() => process.kill(anvil.pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
    await anvil.stop(); // idempotent
  });

  it("mines blocks on its own with a block time", async () => {
    const anvil = await launchAnvil({ chainId: 31337, blockTimeSec: 0.2 });
    try {
      const client = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
      const first = await client.getBlockNumber();
      let later = first;
      for (let i = 0; i < 100 && later <= first; i++) {
        await new Promise((r) => setTimeout(r, 100));
        later = await client.getBlockNumber();
      }
      expect(later).toBeGreaterThan(first);
    } finally {
      await anvil.stop();
    }
  });

  it("rejects invalid options before spawning anything", async () => {
    await expect(launchAnvil({ chainId: 0 })).rejects.toThrow(EvmSandboxError);
    await expect(launchAnvil({ chainId: 31337, blockTimeSec: 0 })).rejects.toThrow(/blockTimeSec/);
    await expect(launchAnvil({ chainId: 31337, blockTimeSec: Number.NaN })).rejects.toThrow(/blockTimeSec/);
  });

  it("fails with EvmSandboxError when the binary is missing", async () => {
    await expect(launchAnvil({ chainId: 31337, binary: "/nonexistent/anvil" })).rejects.toThrow(/could not start anvil/);
  });

  it("fails with EvmSandboxError, showing its output, when the program exits without listening", async () => {
    const error = await launchAnvil({ chainId: 31337, binary: "/bin/sh", startTimeoutMs: 10_000 }).catch((e: unknown) => e);
    // sh gets anvil's flags, complains about "--host" on stderr and exits.
    expect(error).toBeInstanceOf(EvmSandboxError);
    expect((error as Error).message).toMatch(/exited before listening/);
  });
});

describe("anvil does not outlive its parent process", () => {
  it("when the parent exits normally without calling stop()", async () => {
    const { anvilPid, exited } = parentProcess("/* nothing keeps the event loop alive */");
    const pid = await anvilPid;
    await exited;
    expect(await eventuallyGone(pid)).toBe(true);
  });

  it("when the parent calls process.exit()", async () => {
    const { anvilPid, exited } = parentProcess("setTimeout(() => process.exit(3), 50);");
    const pid = await anvilPid;
    await exited;
    expect(await eventuallyGone(pid)).toBe(true);
  });

  it("when the parent is killed with SIGKILL (no exit hook runs)", async () => {
    const { parent, anvilPid, exited } = parentProcess("setInterval(() => {}, 1000);");
    const pid = await anvilPid;
    expect(isGone(pid)).toBe(false);
    parent.kill("SIGKILL");
    await exited;
    expect(await eventuallyGone(pid)).toBe(true);
  });

  it("when the parent is killed with SIGTERM and has no handler", async () => {
    const { parent, anvilPid, exited } = parentProcess("setInterval(() => {}, 1000);");
    const pid = await anvilPid;
    parent.kill("SIGTERM");
    await exited;
    expect(await eventuallyGone(pid)).toBe(true);
  });
});
