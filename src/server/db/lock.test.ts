import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fork, spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { claimFileFor, DataDirLockedError, lockDataDir, LOCK_FILE } from "./lock";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A process that is surely alive and not us: a sleeping child. */
function aliveChild() {
  return spawn(process.execPath, ["-e", "setTimeout(()=>{}, 30000)"], { stdio: "ignore" });
}

describe("lockDataDir", () => {
  it("writes our pid and removes the lock on release", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
    release(); // idempotent
    expect(fs.existsSync(path.join(dir, "zpay.lock"))).toBe(false);
  });

  it("refuses a directory held by another live process, with a clear message", () => {
    const dir = tempDir();
    const child = aliveChild();
    try {
      fs.writeFileSync(path.join(dir, "zpay.lock"), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already in use by another zpay process \(pid \d+\)/);
    } finally {
      child.kill();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = tempDir();
    const child = aliveChild();
    const pid = child.pid!;
    child.kill();
    await new Promise((r) => child.once("exit", r));
    fs.writeFileSync(path.join(dir, "zpay.lock"), String(pid));
    const release = lockDataDir(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
  });

  it("refuses a second holder in the same process too (two PGlite instances on one directory lose data alike)", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it("treats an empty or unreadable lock as stale", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), "");
    const release = lockDataDir(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
  });

  it("takes over a takeover claim left by a process that died in the middle of one", async () => {
    const dir = tempDir();
    const dead = await deadPid();
    const stale = `${dead}\nabc\n`;
    const lock = path.join(dir, LOCK_FILE);
    fs.writeFileSync(lock, stale);
    fs.writeFileSync(claimFileFor(lock, stale), `${dead}\ndef\n`);
    const release = lockDataDir(dir);
    expect(holder(dir)).toBe(process.pid);
    expect(leftovers(dir)).toEqual([]);
    release();
  });

  it("refuses while a live process holds the claim on a stale lock: that process is taking the directory", async () => {
    const dir = tempDir();
    const stale = `${await deadPid()}\n`;
    const lock = path.join(dir, LOCK_FILE);
    fs.writeFileSync(lock, stale);
    const child = aliveChild();
    try {
      fs.writeFileSync(claimFileFor(lock, stale), `${child.pid}\nxyz\n`);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`\\(pid ${child.pid}\\)`));
    } finally {
      child.kill();
    }
  });

  it("lets exactly one of several processes racing for one stale lock take it, every time", async () => {
    const ROUNDS = 120;
    const contenders = await Promise.all([0, 1, 2].map(() => startContender()));
    try {
      const dead = await deadPid();
      for (let round = 0; round < ROUNDS; round++) {
        const dir = tempDir();
        fs.writeFileSync(path.join(dir, LOCK_FILE), `${dead}\n`);
        const at = Date.now() + 15; // a shared start instant, so the contenders collide
        const results = await Promise.all(contenders.map((c) => c.ask<{ won: boolean }>({ dir, at })));
        const winners = contenders.filter((_, i) => results[i]!.won);
        expect(winners, `round ${round}`).toHaveLength(1);
        expect(holder(dir), `round ${round}`).toBe(winners[0]!.child.pid);
        await winners[0]!.ask({ release: dir });
        expect(fs.readdirSync(dir), `round ${round}`).toEqual([]);
      }
    } finally {
      contenders.forEach((c) => c.child.kill());
    }
  }, 120_000);
});

function holder(dir: string): number {
  return Number.parseInt(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8").split("\n")[0]!, 10);
}

/** Claim and staging files a takeover must not leave behind. */
function leftovers(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f !== LOCK_FILE);
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = aliveChild();
  const pid = child.pid!;
  child.kill();
  await new Promise((r) => child.once("exit", r));
  return pid;
}

/** A separate process calling lockDataDir when told to (src/server/testing/lock-contender.ts). */
async function startContender() {
  const child: ChildProcess = fork(path.resolve("src/server/testing/lock-contender.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`lock contender exited (${code})`)));
  });
  return {
    child,
    ask<T>(message: object): Promise<T> {
      return new Promise<T>((resolve) => {
        child.once("message", (answer) => resolve(answer as T));
        child.send(message);
      });
    },
  };
}
